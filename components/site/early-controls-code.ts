import { ADMIN_LOCALE_COOKIE, LOCALE_COOKIE } from '@/lib/i18n/locale-cookie';
import { EARLY_TAPS as TAPS, EARLY_TAPS_LIVE as TAPS_LIVE } from './early-taps';
import { LANGUAGE_SWITCH_FLAG } from './language-switch-flag';

/**
 * Runs in the document's head, before the first paint and long before React has hydrated (on a
 * slow phone, seconds later):
 * - applies the stored theme, so a visitor who chose light never sees a dark flash;
 * - handles the theme toggle and the language toggle itself, with one listener on the document,
 *   so a tap on either acts from the first paint. It is the only handler of both: React's
 *   components only show the state (ThemeToggle follows the `dark` class), so nothing acts twice.
 * - opens and closes the team dialogs where the browser lacks invoker commands or `closedby`
 *   (older engines; Chromium has both), so the native markup works everywhere.
 * - keeps any other script-driven button tapped before React runs (the slider's arrows and dots,
 *   the logo carousel's pause) and lets EarlyTapReplay click it again once React has hydrated
 *   the page: no tap is lost, whatever the button.
 * The language link's own navigation does the switch; the listener first remembers the choice
 * (the cookie the server's redirects read, the one the link names of the two, and the flag for
 * the next page's spinner).
 * Pages rendered per request allow it by its hash (proxy.ts); cached pages allow inline scripts.
 */
export const EARLY_CONTROLS_CODE = `(function(){var root=document.documentElement;window[${JSON.stringify(TAPS)}]=[];try{if(localStorage.getItem('theme')==='light')root.classList.remove('dark')}catch(e){}
document.addEventListener('click',function(event){var target=event.target;if(!target||!target.closest)return;
if(target.closest('[data-theme-toggle]')){var dark=root.classList.toggle('dark');try{localStorage.setItem('theme',dark?'dark':'light')}catch(e){}return}
if(!('commandForElement' in HTMLButtonElement.prototype)){var invoker=target.closest('button[commandfor]');var dialog=invoker&&document.getElementById(invoker.getAttribute('commandfor'));
if(dialog&&dialog.showModal){var command=invoker.getAttribute('command');if(command==='show-modal')dialog.showModal();else if(command==='close')dialog.close();return}}
if(!('closedBy' in HTMLDialogElement.prototype)&&target.nodeName==='DIALOG'&&target.open&&target.getAttribute('closedby')==='any'){target.close();return}
if(!window[${JSON.stringify(TAPS_LIVE)}]){var button=target.closest('button[type=button]:not([commandfor]):not([popovertarget])');if(button){window[${JSON.stringify(TAPS)}].push(button);return}}
var link=target.closest('a[data-locale-switch]');if(!link)return;var locale=link.getAttribute('data-locale-switch');
var name=link.getAttribute('data-locale-cookie')===${JSON.stringify(ADMIN_LOCALE_COOKIE)}?${JSON.stringify(ADMIN_LOCALE_COOKIE)}:${JSON.stringify(LOCALE_COOKIE)};
try{sessionStorage.setItem(${JSON.stringify(LANGUAGE_SWITCH_FLAG)},'1')}catch(e){}
if(document.cookie.split('; ').indexOf(name+'='+locale)<0)document.cookie=name+'='+locale+'; path=/; max-age=31536000; samesite=lax'})})()`;
