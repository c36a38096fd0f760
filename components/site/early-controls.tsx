import { LOCALE_COOKIE } from '@/lib/i18n/locale-cookie';
import { LANGUAGE_SWITCH_FLAG } from './language-switch-flag';

/**
 * Runs in the document's head, before the first paint and long before React (cached pages start
 * their scripts after that paint, lib/server/deferred-boot.mjs):
 * - applies the stored theme, so a visitor who chose light never sees a dark flash;
 * - handles the theme toggle and the language toggle itself, with one listener on the document,
 *   so a tap on either acts from the first paint. It is the only handler of both: React's
 *   components only show the state (ThemeToggle follows the `dark` class), so nothing acts twice.
 * - opens and closes the team dialogs where the browser lacks invoker commands or `closedby`
 *   (older engines; Chromium has both), so the native markup works everywhere.
 * The language link's own navigation does the switch; the listener first remembers the choice
 * (the cookie the server's redirects read, and the flag for the next page's spinner).
 * Its CSP hash is computed by the server like any inline script's (lib/server/csp.mjs).
 */
export function EarlyControlsScript() {
  const code = `(function(){var root=document.documentElement;try{if(localStorage.getItem('theme')==='light')root.classList.remove('dark')}catch(e){}
document.addEventListener('click',function(event){var target=event.target;if(!target||!target.closest)return;
if(target.closest('[data-theme-toggle]')){var dark=root.classList.toggle('dark');try{localStorage.setItem('theme',dark?'dark':'light')}catch(e){}return}
if(!('commandForElement' in HTMLButtonElement.prototype)){var invoker=target.closest('button[commandfor]');var dialog=invoker&&document.getElementById(invoker.getAttribute('commandfor'));
if(dialog&&dialog.showModal){var command=invoker.getAttribute('command');if(command==='show-modal')dialog.showModal();else if(command==='close')dialog.close();return}}
if(!('closedBy' in HTMLDialogElement.prototype)&&target.nodeName==='DIALOG'&&target.open&&target.getAttribute('closedby')==='any'){target.close();return}
var link=target.closest('a[data-locale-switch]');if(!link)return;var locale=link.getAttribute('data-locale-switch');
try{sessionStorage.setItem(${JSON.stringify(LANGUAGE_SWITCH_FLAG)},'1')}catch(e){}
if(document.cookie.split('; ').indexOf(${JSON.stringify(LOCALE_COOKIE)}+'='+locale)<0)document.cookie=${JSON.stringify(LOCALE_COOKIE)}+'='+locale+'; path=/; max-age=31536000; samesite=lax'})})()`;
  return <script dangerouslySetInnerHTML={{ __html: code }} />;
}
