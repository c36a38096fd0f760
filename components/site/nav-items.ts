export const NAV_ITEMS = [
  { href: '/', key: 'home' },
  { href: '/Services', key: 'services' },
  { href: '/TheTeam', key: 'team' },
  { href: '/AboutUs', key: 'about' },
  { href: '/ContactUs', key: 'contact' },
] as const;
