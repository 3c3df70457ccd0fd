/**
 * A shopper's click or submit before the control is hydrated: the server-rendered page looks ready
 * well before React has attached its handlers, and a click in that window used to do nothing (a
 * button), the browser's default (a checkbox toggled that React never heard of), or a native post of
 * the form to the page renderer. This small script, inlined in the head with the response's CSP
 * nonce, catches those events from first paint — in the spirit of Angular's event replay and
 * Google's JSAction — marks the control as pressed, and keeps them until the app replays them on the
 * live controls (replayEarlyEvents). Links stay links; a form with its own `action` (a GET search,
 * the split-payment lookup) works natively and is left alone; typing into fields is kept by the
 * fields themselves (the forms' inputs are uncontrolled).
 *
 * Live is judged per control, never for the page as a whole: the page is marked hydrated once its
 * areas committed, but a nested Suspense boundary inside an area (a lazily loaded part of a form)
 * can still be dehydrated then, and a press on it reached React's root listener before its handler
 * existed: React hydrates such a boundary on a discrete event only when its code is already there,
 * and otherwise drops the event (the full-speed losses: a contact form's Submit posted natively, a
 * style page's "Order a free sample" did nothing). So a control counts as live when the page is
 * marked hydrated and React has hydrated that very node (it keeps the node's props on it,
 * `__reactProps$…`), or the nearest node React rendered above it is HTML React does not manage
 * (`dangerouslySetInnerHTML`: content HTML's own controls). Anything else is caught, also after the
 * app took over (`__sfEarlyEvents(handler)` hands later catches to the replay at once), and replayed
 * when its control is live; while the replay dispatches (`__sfReplaying`) the script lets go. A
 * caught event goes no further (stopPropagation): React's root listener, there once the page
 * hydrated, must not also act on it, or a press would count twice.
 *
 * Plain ES5 in a string: it runs before any bundle, and its size is paid on every page (about 1 KB).
 */
export const EARLY_EVENTS_SCRIPT = `(function(d,w){
var root=d.documentElement,queue=[],handler=null;
var CONTROL='button,input[type="checkbox"],input[type="radio"],input[type="submit"],input[type="button"],[role="button"],[role="switch"],[role="tab"],summary';
function props(el){var keys=Object.keys(el);for(var i=0;i<keys.length;i++){if(keys[i].indexOf('__reactProps$')===0)return el[keys[i]]}return null}
function live(el){
if(w.__sfReplaying||root.getAttribute('data-hydrated')!=='true')return !!w.__sfReplaying;
for(var n=el;n&&n.nodeType===1;n=n.parentNode){var p=props(n);if(p)return n===el||!!p.dangerouslySetInnerHTML}
return false}
function pressed(el){if(el&&el.classList){el.classList.add('sf-early-pressed');el.setAttribute('aria-busy','true')}}
function keep(ev){if(handler)handler(ev);else queue.push(ev)}
function submits(el){return !!el.form&&(el.type==='submit'||el.type==='image')}
function onClick(e){
var el=e.target&&e.target.closest?e.target.closest(CONTROL):null;
if(!el||el.disabled||live(el))return;
if(submits(el)){pressed(el);return}
e.preventDefault();e.stopPropagation();keep({type:'click',el:el});pressed(el)}
function onSubmit(e){
var form=e.target;
if(!form||form.getAttribute('action')||live(form))return;
e.preventDefault();e.stopPropagation();keep({type:'submit',el:form,submitter:e.submitter||null});pressed(e.submitter||form)}
d.addEventListener('click',onClick,true);
d.addEventListener('submit',onSubmit,true);
w.__sfEarlyEvents=function(h){handler=h||null;var taken=queue;queue=[];return taken}
})(document,window);`.replace(/\n/g, '');

/** The script as the head carries it, with the response's CSP nonce. */
export function earlyEventsTag(nonce: string, escape: (value: string) => string): string {
  return `<script nonce="${escape(nonce)}">${EARLY_EVENTS_SCRIPT}</script>`;
}
