// The offices tests' field list, form and edited office, used by both tiers (tests/inproc and tests/integration offices.test.ts).

export const OFFICE_FIELDS = [
  'officeNameEn',
  'officeNameAr',
  'addressEn',
  'addressAr',
  'hoursEn',
  'hoursAr',
  'whatsapp',
  'mapLocation',
] as const;
export type OfficeField = (typeof OFFICE_FIELDS)[number];

/** A contact row's office fields. */
export const office = (row: Record<string, unknown>) =>
  Object.fromEntries(OFFICE_FIELDS.map((f) => [f, row[f]])) as Record<OfficeField, string>;

/** The back office's contact form holding `values` (a missing value sent empty). */
export const officeForm = (values: Partial<Record<string, string>>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.append(k, v ?? '');
  return data;
};

/** An office as edited through the back office, line breaks as a form sends them (CR LF). */
export const EDITED_OFFICE = {
  officeNameEn: 'Abu Dhabi Office',
  officeNameAr: 'مكتب أبوظبي',
  addressEn: 'Tower 3, Al Maryah Island\r\nAbu Dhabi',
  addressAr: 'البرج 3، جزيرة المارية\r\nأبوظبي',
  hoursEn: 'Mon to Fri: 8 am to 5 pm\r\nSat & Sun: closed',
  hoursAr: 'الاثنين إلى الجمعة: 8 صباحًا إلى 5 مساءً',
  whatsapp: '+971 55 765 4321',
  mapLocation: 'Al Maryah Island, Abu Dhabi',
};
