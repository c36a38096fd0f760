import type { PrismaClient } from '@/lib/generated/prisma/client';
import type { GalleryImage } from '@/lib/entities/events/schema';

// A company's long history for measurements (`npm run projects:generate`, the scale test): projects
// generated from the seeded ones (their photos reused, nothing new stored), with cities, dates over
// 25 years, two services each, long descriptions in both languages, and one project with a big
// gallery (the newest, so /Projects lists it first). For measuring only: the projects share photos,
// so deleting one removes its photo.

/** A gallery of `count` photos made of `files` in turn, with alt texts and some captions in both languages. */
export function sampleGallery(files: string[], count: number): GalleryImage[] {
  return Array.from({ length: count }, (_, i) => ({
    file: files[i % files.length]!,
    width: 1600,
    height: 1067,
    altEn: `Stage and LED wall, view ${i + 1}`,
    altAr: `المسرح وشاشة LED، المنظر ${i + 1}`,
    captionEn: i % 3 ? '' : `The main stage before doors opened, ${i + 1}`,
    captionAr: i % 3 ? '' : `المسرح الرئيسي قبل فتح الأبواب، ${i + 1}`,
  }));
}

/** Adds `count` published projects; returns the slug of the one with the gallery. */
export async function generateProjects(db: PrismaClient, options: { count: number; gallery: number }): Promise<string> {
  const seeded = await db.event.findMany({ where: { image: { not: null } }, orderBy: { id: 'asc' }, take: 8 });
  const services = (await db.service.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((s) => s.id);
  if (!seeded.length || services.length < 2) throw new Error('seed the database first (start the product once)');
  const cities: [string, string][] = [
    ['Dubai', 'دبي'],
    ['Abu Dhabi', 'أبوظبي'],
    ['Sharjah', 'الشارقة'],
    ['Ajman', 'عجمان'],
    ['Ras Al Khaimah', 'رأس الخيمة'],
  ];
  const en = 'A curved LED wall, line-array sound and moving-head lighting for a gala evening of 1,200 guests. ';
  const ar = 'حفل بشاشة LED منحنية ونظام صوت خطي وإضاءة متحركة لألف ومئتي ضيف. ';
  const stamp = Date.now().toString(36);
  const rows = Array.from({ length: options.count }, (_, i) => {
    const from = seeded[i % seeded.length]!;
    const [cityEn, cityAr] = cities[i % cities.length]!;
    return {
      nameEn: `Generated project ${i + 1} ${from.nameEn}`,
      nameAr: `مشروع ${i + 1} ${from.nameAr}`,
      slug: `generated-${stamp}-${i + 1}`,
      date: new Date(Date.UTC(2000 + (i % 25), i % 12, 1 + (i % 28))),
      cityEn,
      cityAr,
      locationEn: `Hall ${(i % 40) + 1}, ${cityEn}`,
      locationAr: `القاعة ${(i % 40) + 1}، ${cityAr}`,
      descriptionEn: `${en.repeat(3)}\n\n${en.repeat(3)}`,
      descriptionAr: `${ar.repeat(3)}\n\n${ar.repeat(3)}`,
      cost: '25000',
      clientId: from.clientId,
      image: from.image,
      serviceIds: [services[i % services.length]!, services[(i + 2) % services.length]!],
    };
  });
  for (let start = 0; start < rows.length; start += 500) await db.event.createMany({ data: rows.slice(start, start + 500) });
  const showcase = await db.event.findFirstOrThrow({ where: { slug: `generated-${stamp}-1` } });
  const gallery = sampleGallery(
    seeded.map((event) => event.image!),
    options.gallery,
  );
  await db.event.update({
    where: { id: showcase.id },
    data: { gallery, videos: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'], date: new Date(Date.UTC(2025, 11, 31)) },
  });
  return showcase.slug;
}
