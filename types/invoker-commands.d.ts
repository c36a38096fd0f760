// Invoker commands (HTML `commandfor` / `command`, Chromium 135+): a button opens or closes a
// dialog with no script at all. React passes lowercase attributes through; its types lack them.
import 'react';

declare module 'react' {
  // The type parameter must match React's declaration for the interfaces to merge.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: 'show-modal' | 'close' | 'request-close' | 'show-popover' | 'hide-popover' | 'toggle-popover' | `--${string}`;
  }
}
