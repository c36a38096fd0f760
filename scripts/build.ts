// `npm run build`: the production build (next build plus the post-build step in lib/build.ts).
import { build } from './lib/build';

build((line) => console.log(`[build] ${line}`));
