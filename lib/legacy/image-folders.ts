import type { UploadFolder } from '@/lib/uploads/store';

/** The old public image folders and where their files live now. Events share contactimges. */
export const LEGACY_IMAGE_FOLDERS: Record<string, UploadFolder[]> = {
  sliderimges: ['slides'],
  clientimges: ['clients'],
  contactimges: ['contacts', 'events'],
  teamimges: ['team'],
  servimges: ['services'],
};

const URL_FOLDER: Record<UploadFolder, string> = {
  slides: 'sliderimges',
  clients: 'clientimges',
  contacts: 'contactimges',
  events: 'contactimges',
  team: 'teamimges',
  services: 'servimges',
};

/** Public URL of a stored file, or null when there is none. */
export const imageUrl = (folder: UploadFolder, name: string | null | undefined) => (name ? `/${URL_FOLDER[folder]}/${name}` : null);
