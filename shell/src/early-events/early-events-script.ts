/**
 * A shopper's click or submit between first paint and hydration (issue 20): the server-rendered page
 * looks ready well before React has attached its handlers, and a click in that window used to do
 * nothing (a button), the browser's default (a checkbox toggled that React never heard of), or a
 * native post of the form to the page renderer. This small script, inlined in the head with the
 * response's CSP nonce, catches those events from first paint — in the spirit of Angular's event
 * replay and Google's JSAction — marks the control as pressed, and keeps them until the app replays
 * them on the live controls (replayEarlyEvents). Links stay links; a form with its own `action`
 * (a GET search, the split-payment lookup) works natively and is left alone; typing into fields is
 * kept by the fields themselves (the forms' inputs are uncontrolled).
 *
 * Plain ES5 in a string: it runs before any bundle, and its size is paid on every page (about 1 KB).
 */
export const EARLY_EVENTS_SCRIPT = `(function(d,w){
var root=d.documentElement,queue=[];
var CONTROL='button,input[type="checkbox"],input[type="radio"],input[type="submit"],input[type="button"],[role="button"],[role="switch"],[role="tab"],summary';
function live(){return root.getAttribute('data-hydrated')==='true'}
function pressed(el){if(el&&el.classList){el.classList.add('sf-early-pressed');el.setAttribute('aria-busy','true')}}
function submits(el){return !!el.form&&(el.type==='submit'||el.type==='image')}
function onClick(e){
if(live())return;
var el=e.target&&e.target.closest?e.target.closest(CONTROL):null;
if(!el||el.disabled)return;
if(submits(el)){pressed(el);return}
e.preventDefault();queue.push({type:'click',el:el});pressed(el)}
function onSubmit(e){
if(live())return;
var form=e.target;
if(!form||form.getAttribute('action'))return;
e.preventDefault();queue.push({type:'submit',el:form,submitter:e.submitter||null});pressed(e.submitter||form)}
d.addEventListener('click',onClick,true);
d.addEventListener('submit',onSubmit,true);
w.__sfEarlyEvents=function(){d.removeEventListener('click',onClick,true);d.removeEventListener('submit',onSubmit,true);var taken=queue;queue=[];return taken}
})(document,window);`.replace(/\n/g, '');

/** The script as the head carries it, with the response's CSP nonce. */
export function earlyEventsTag(nonce: string, escape: (value: string) => string): string {
  return `<script nonce="${escape(nonce)}">${EARLY_EVENTS_SCRIPT}</script>`;
}
