import { createHash } from 'node:crypto';
import { apiUrl, paymentRoutes, type SandboxCardLayout } from '@storefront/contracts';
import { escapeHtml, standalonePage } from '@storefront/service-kit';
import { DETAILS_FIELD, frameFields, type FrameField } from './frame-fields.js';

/**
 * The card frame's document (GET /api/payment/sandbox/hosted-fields?layout=): labelled inputs with
 * an error line each, the card rules' messages filled in by the frame's script. Phone-friendly
 * (numeric keyboards, the browser's card autofill, 44 px targets, 16 px text so phones do not zoom)
 * and usable by keyboard alone (native inputs in reading order; Enter asks the page to submit).
 *
 * Its CSP allows exactly what it needs: its own script from this origin, its one stylesheet by hash,
 * no requests (no connect-src, img-src, font-src: default-src 'none'), no form submission, and
 * framing by this origin only.
 */

// Every row is 20 px label + 4 px + 44 px input; two rows, a 12 px gap and 4 px padding above and
// below: FRAME_INITIAL_HEIGHT, which the checkout reserves before the frame loads. Labels stay on one
// line so the height holds on a 320 px phone; an error line adds 24 px once there is something to say.
// (FRAME_INITIAL_HEIGHT in protocol.ts; frame-page.test.ts measures nothing, but holds the numbers together.)
const FRAME_STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{font:16px/1.5 Inter,'Segoe UI',system-ui,-apple-system,Roboto,'Helvetica Neue',Arial,sans-serif;color:#2b2420;background:transparent}
body{margin:0;padding:4px}
form{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:12px 16px;margin:0}
form[data-layout=direct]{grid-template-columns:repeat(3,minmax(0,1fr))}
.field{display:flex;flex-direction:column;min-width:0}
.field--wide,.form-error{grid-column:1/-1}
label{display:block;margin:0 0 4px;font-size:14px;line-height:20px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.required{color:#a12a22}
input,select{display:block;width:100%;height:44px;margin:0;padding:8px 12px;font:inherit;color:inherit;background:#fff;border:1px solid #b9ab9b;border-radius:4px}
input::placeholder{color:#6d625a}
input[aria-invalid=true],select[aria-invalid=true]{border-color:#a12a22}
input:focus-visible,select:focus-visible{outline:3px solid #1f6feb;outline-offset:1px}
.error{margin:4px 0 0;font-size:14px;line-height:20px;color:#a12a22}
.form-error{margin:0}
[hidden]{display:none!important}
@media (max-width:360px){form{column-gap:8px}input,select{padding:8px}}
`;

const STYLE_SOURCE = `'sha256-${createHash('sha256').update(FRAME_STYLE).digest('base64')}'`;

export const FRAME_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src ${STYLE_SOURCE}`,
  "form-action 'none'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
].join('; ');

function fieldHtml(field: FrameField): string {
  const id = escapeHtml(field.id);
  const label = `<label for="${id}">${escapeHtml(field.label)}<span class="required" aria-hidden="true"> *</span></label>`;
  // No name attribute: an unnamed control is never part of a form submission, whatever happens.
  const common = `id="${id}" autocomplete="${escapeHtml(field.autocomplete)}" required aria-describedby="${id}-error"`;
  const control =
    field.kind === 'select'
      ? `<select ${common}><option value="">${escapeHtml(field.placeholder ?? '')}</option>${(field.options ?? [])
          .map((option) => `<option value="${escapeHtml(option)}">${escapeHtml(option)}</option>`)
          .join('')}</select>`
      : `<input ${common} type="text" inputmode="numeric" maxlength="${field.maxLength ?? 32}"${
          field.placeholder ? ` placeholder="${escapeHtml(field.placeholder)}"` : ''
        } spellcheck="false" autocorrect="off" autocapitalize="off">`;
  return `<div class="field${field.wide ? ' field--wide' : ''}">${label}${control}<p id="${id}-error" class="error" role="alert" hidden></p></div>`;
}

export function hostedFieldsFramePage(layout: SandboxCardLayout, now: Date = new Date()): string {
  const fields = frameFields(layout, now).map(fieldHtml).join('\n    ');
  const details = layout === 'hosted' ? `<p id="${DETAILS_FIELD}-error" class="error form-error" role="alert" hidden></p>\n    ` : '';
  return standalonePage({
    title: 'Card details',
    head: `<meta name="referrer" content="no-referrer">
  <style>${FRAME_STYLE}</style>`,
    body: `  <form data-layout="${escapeHtml(layout)}" novalidate aria-label="Card details">
    ${details}${fields}
  </form>
  <script src="${escapeHtml(apiUrl(paymentRoutes.sandboxHostedFieldsFrameScript))}"></script>`,
  });
}
