import localFont from 'next/font/local';

// Cairo covers Arabic and Latin. The files ship in an npm package, so nothing is fetched at build.
// Two families, because the package splits the scripts into two files without unicode-range:
// Latin text takes the first, Arabic characters fall through to the second.
export const cairoLatin = localFont({
  src: '../node_modules/@fontsource-variable/cairo/files/cairo-latin-wght-normal.woff2',
  weight: '200 1000',
  variable: '--font-cairo-latin',
  display: 'swap',
  preload: true,
});

export const cairoArabic = localFont({
  src: '../node_modules/@fontsource-variable/cairo/files/cairo-arabic-wght-normal.woff2',
  weight: '200 1000',
  variable: '--font-cairo-arabic',
  display: 'swap',
  preload: true,
});
