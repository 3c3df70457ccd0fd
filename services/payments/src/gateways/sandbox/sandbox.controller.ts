import { ConflictException, Controller, ForbiddenException, HttpStatus, NotFoundException, Req, Res, UseGuards } from '@nestjs/common';
import { apiUrl, paymentRoutes, type BodyOf, type ParamsOf, type QueryOf, type RouteSpec } from '@storefront/contracts';
import { RateLimitGuard, Route, RouteBody, RouteParams, RouteQuery, paymentsSandboxAllowed } from '@storefront/service-kit';
import type { Request, Response } from 'express';
import { CHECKOUT_PATH, withProviderToken } from '../../payments/return-paths.js';
import { GatewayRegistry } from '../gateway-registry.js';
import { hostedFieldsBundle, type HostedFieldsBundle } from './hosted-fields/hosted-fields-assets.js';
import { FRAME_PAGE_CSP, hostedFieldsFramePage } from './hosted-fields/frame-page.js';
import { SandboxCardGateway } from './sandbox-card-gateway.js';
import { SANDBOX_PAGE_CSP, sandboxFormPage } from './sandbox-pages.js';
import { SandboxPayPalGateway } from './sandbox-paypal-gateway.js';

const NOT_PENDING = 'This payment is not waiting for the shopper any more.';
export const CROSS_SITE_FORM = 'This form can only be sent from this site.';

/**
 * The sandbox's pages are development routes: 404 in production, unless PAYMENTS_SANDBOX=allow
 * runs the sandbox there on purpose (a demo), when its 3-D Secure and PayPal pages must work too.
 */
const SandboxRoute = (route: RouteSpec): MethodDecorator => Route(route, { servedInProduction: paymentsSandboxAllowed });

/** The hosts this request was addressed to: the public one the gateway forwards (X-Forwarded-Host), and its own Host. */
function ownHosts(req: Request): string[] {
  const forwarded = String(req.headers['x-forwarded-host'] ?? '').split(',')[0]?.trim();
  return [forwarded, req.headers.host].filter((host): host is string => Boolean(host)).map((host) => host.toLowerCase());
}

/**
 * The challenge and approval forms settle a payment with one click, so another site must not be
 * able to post them for a shopper (a hidden form that approves a PayPal order): a browser that
 * says where the request comes from (Sec-Fetch-Site, else Origin) must say this site. A client
 * that sends neither is no browser a page could drive, and is let through.
 */
export function sameSiteForm(req: Request): boolean {
  const fetchSite = req.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && fetchSite) return fetchSite === 'same-origin';
  const origin = req.headers.origin;
  if (typeof origin !== 'string' || !origin) return true;
  try {
    return ownHosts(req).includes(new URL(origin).host.toLowerCase());
  } catch {
    return false; // 'null' (a sandboxed frame, a redirect chain) or garbage
  }
}

function refuseCrossSite(req: Request): void {
  if (!sameSiteForm(req)) throw new ForbiddenException(CROSS_SITE_FORM);
}

function sendPage(res: Response, html: string): void {
  res.setHeader('Content-Security-Policy', SANDBOX_PAGE_CSP);
  res.setHeader('Cache-Control', 'no-store');
  res.type('html').send(html);
}

/** The provider script changes only with a deploy: browsers keep it a few minutes, then revalidate. */
const SCRIPT_CACHE_CONTROL = 'public, max-age=300';

/** The sandbox gateway's browser-facing parts: the hosted card fields and the shopper's pages. */
@Controller()
export class SandboxController {
  constructor(
    private readonly cards: SandboxCardGateway,
    private readonly paypal: SandboxPayPalGateway,
    private readonly registry: GatewayRegistry,
  ) {}

  /** Served while a card gateway runs on the sandbox (today always: no real adapter exists yet). */
  private hostedFieldsServed(): void {
    if (!this.registry.isSandbox('stripe') && !this.registry.isSandbox('authorizenet')) throw new NotFoundException('No card gateway runs on the sandbox.');
  }

  private sendScript(req: Request, res: Response, name: HostedFieldsBundle): void {
    this.hostedFieldsServed();
    const file = hostedFieldsBundle(name);
    res.setHeader('Cache-Control', SCRIPT_CACHE_CONTROL);
    res.setHeader('ETag', file.etag);
    if (req.headers['if-none-match'] === file.etag) {
      res.status(HttpStatus.NOT_MODIFIED).end();
      return;
    }
    res.type('text/javascript; charset=utf-8').send(file.body);
  }

  /** The provider script (Stripe.js's stand-in): window.SandboxPay, which mounts the card frame. */
  @SandboxRoute(paymentRoutes.sandboxHostedFieldsScript)
  hostedFieldsScript(@Req() req: Request, @Res() res: Response): void {
    this.sendScript(req, res, 'sandbox-pay');
  }

  /** The card frame's own script: the card rules and the tokeniser. */
  @SandboxRoute(paymentRoutes.sandboxHostedFieldsFrameScript)
  hostedFieldsFrameScript(@Req() req: Request, @Res() res: Response): void {
    this.sendScript(req, res, 'frame');
  }

  /** The card frame: framed by this origin only, no requests of its own, never cached with a stale year list. */
  @SandboxRoute(paymentRoutes.sandboxHostedFieldsFrame)
  hostedFieldsFrame(@RouteQuery() { layout }: QueryOf<typeof paymentRoutes.sandboxHostedFieldsFrame>, @Res() res: Response): void {
    this.hostedFieldsServed();
    res.setHeader('Content-Security-Policy', FRAME_PAGE_CSP);
    // frame-ancestors 'self' decides in current browsers; older ones read X-Frame-Options.
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(hostedFieldsFramePage(layout));
  }

  /** ?return_url=/payment/verify/stripe (the route's schema keeps it a site path: never an open redirect) */
  @SandboxRoute(paymentRoutes.sandboxChallengePage)
  async challengePage(
    @RouteParams() { intentId }: ParamsOf<typeof paymentRoutes.sandboxChallengePage>,
    @RouteQuery() { return_url: returnUrl }: QueryOf<typeof paymentRoutes.sandboxChallengePage>,
    @Res() res: Response,
  ): Promise<void> {
    const intent = await this.cards.pendingChallenge(intentId);
    if (!intent) throw new NotFoundException(NOT_PENDING);
    sendPage(
      res,
      sandboxFormPage({
        title: 'Sandbox 3-D Secure',
        heading: 'Sandbox 3-D Secure',
        intro: 'Your bank asks you to confirm this card payment. This is the test gateway: choose what the bank answers.',
        amountCents: intent.amount,
        action: apiUrl(paymentRoutes.sandboxChallengeAnswer, { params: { intentId: intent.id }, query: { return_url: returnUrl } }),
        buttons: [
          { name: 'decision', value: 'complete', label: 'Complete authentication' },
          { name: 'decision', value: 'fail', label: 'Fail authentication' },
        ],
      }),
    );
  }

  /** The challenge form: settles the intent and sends the shopper back like the card gateway does. */
  @SandboxRoute(paymentRoutes.sandboxChallengeAnswer)
  @UseGuards(RateLimitGuard)
  async challengeAnswer(
    @RouteParams() { intentId }: ParamsOf<typeof paymentRoutes.sandboxChallengeAnswer>,
    @RouteQuery() { return_url: returnUrl }: QueryOf<typeof paymentRoutes.sandboxChallengeAnswer>,
    @RouteBody() { decision }: BodyOf<typeof paymentRoutes.sandboxChallengeAnswer>,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    refuseCrossSite(req);
    const intent = await this.cards.settleChallenge(intentId, decision === 'complete');
    if (!intent) throw new ConflictException(NOT_PENDING);
    const query = new URLSearchParams({
      payment_intent: intent.id,
      payment_intent_client_secret: intent.clientSecret,
      redirect_status: intent.status === 'succeeded' ? 'succeeded' : 'failed',
    });
    res.redirect(HttpStatus.SEE_OTHER, `${returnUrl}?${query.toString()}`);
  }

  /** The sandbox's PayPal login and approval. */
  @SandboxRoute(paymentRoutes.sandboxPayPalPage)
  async approvePage(@RouteParams() { orderId }: ParamsOf<typeof paymentRoutes.sandboxPayPalPage>, @Res() res: Response): Promise<void> {
    const order = await this.paypal.pendingApproval(orderId);
    if (!order) throw new NotFoundException(NOT_PENDING);
    sendPage(
      res,
      sandboxFormPage({
        title: 'Sandbox PayPal',
        heading: 'Sandbox PayPal',
        intro: 'Approve this payment with the sandbox PayPal account, or cancel to return to the page you paid on.',
        amountCents: order.amount,
        action: apiUrl(paymentRoutes.sandboxPayPalAnswer, { params: { orderId: order.id } }),
        buttons: [
          { name: 'decision', value: 'approve', label: 'Approve' },
          { name: 'decision', value: 'cancel', label: 'Cancel' },
        ],
      }),
    );
  }

  @SandboxRoute(paymentRoutes.sandboxPayPalAnswer)
  @UseGuards(RateLimitGuard)
  async approveAnswer(
    @RouteParams() { orderId }: ParamsOf<typeof paymentRoutes.sandboxPayPalAnswer>,
    @RouteBody() { decision }: BodyOf<typeof paymentRoutes.sandboxPayPalAnswer>,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    refuseCrossSite(req);
    const order = await this.paypal.settleApproval(orderId, decision === 'approve');
    if (!order) throw new ConflictException(NOT_PENDING);
    const target =
      order.status === 'APPROVED'
        ? `/payment/online-payment/verify?${new URLSearchParams({ token: order.id, PayerID: 'SANDBOXPAYER' }).toString()}`
        : // like PayPal: the cancel URL the payment was created with (chosen by the server), with PayPal's ?token=
          withProviderToken(order.cancelUrl ?? CHECKOUT_PATH, order.id);
    res.redirect(HttpStatus.SEE_OTHER, target);
  }
}
