import { EARLY_CONTROLS_CODE } from './early-controls-code';

/** The head script (components/site/early-controls-code.ts says what it does), inline so it runs before the first paint. */
export function EarlyControlsScript() {
  return <script dangerouslySetInnerHTML={{ __html: EARLY_CONTROLS_CODE }} />;
}
