// Each content entity's back-office addresses, as the spec spells them: /Admin/{list},
// /Admin/{create}, /Admin/{edit}/{id}. Their one statement: each browser half
// (lib/entities/<key>/meta.ts) takes its own, and next.config.ts derives the rewrites to the
// screens from them (lib/admin/rewrites.ts). No import, not even by alias: next.config.ts loads
// this file, and its loader does not resolve '@/' aliases in the files it imports (next.js#74140).
export const ADMIN_SEGMENTS = {
  slides: { list: 'Slider', create: 'CreateSlider', edit: 'EditSlider' },
  team: { list: 'Teams', create: 'CreateTeam', edit: 'Team' },
  services: { list: 'Services', create: 'CreateService', edit: 'Service' },
  contacts: { list: 'Contacts', create: 'CreateContact', edit: 'ContactUpdate' },
  events: { list: 'Events', create: 'CreateEvent', edit: 'Event' },
  clients: { list: 'Clients', create: 'CreateClient', edit: 'Client' },
  testimonials: { list: 'Testimonials', create: 'CreateTestimonial', edit: 'Testimonial' },
  certifications: { list: 'Certifications', create: 'CreateCertification', edit: 'Certification' },
} as const;
