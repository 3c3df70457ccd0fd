import { BadRequestException, ConflictException, Controller, HttpStatus, NotFoundException, Res, UseGuards } from '@nestjs/common';
import { validateDirectCardEntry } from '@storefront/commerce-rules';
import { CARD_DETAILS_INVALID, apiUrl, paymentRoutes, type BodyOf, type ParamsOf, type QueryOf, type SandboxCardResponse } from '@storefront/contracts';
import { RateLimitGuard, Route, RouteBody, RouteParams, RouteQuery } from '@storefront/service-kit';
import type { Response } from 'express';
import { SandboxCardGateway } from './sandbox-card-gateway.js';
import { SANDBOX_PAGE_CSP, sandboxFormPage } from './sandbox-pages.js';
import { SandboxPayPalGateway } from './sandbox-paypal-gateway.js';

const NOT_PENDING = 'This payment is not waiting for the shopper any more.';

function sendPage(res: Response, html: string): void {
  res.setHeader('Content-Security-Policy', SANDBOX_PAGE_CSP);
  res.setHeader('Cache-Control', 'no-store');
  res.type('html').send(html);
}

/** The sandbox gateway's browser-facing parts: card tokenising and the shopper's pages. */
@Controller()
export class SandboxController {
  constructor(
    private readonly cards: SandboxCardGateway,
    private readonly paypal: SandboxPayPalGateway,
  ) {}

  /** The sandbox's Stripe.js createPaymentMethod: the card rules judge the card, the route table the shape. */
  @Route(paymentRoutes.sandboxTokenise)
  @UseGuards(RateLimitGuard)
  async tokenise(@RouteBody() card: BodyOf<typeof paymentRoutes.sandboxTokenise>): Promise<SandboxCardResponse> {
    const errors = validateDirectCardEntry({
      cardNumber: card.cardNumber,
      expMonth: card.expMonth,
      expYear: card.expYear,
      cardCode: card.cvc,
    });
    if (Object.keys(errors).length > 0) throw new BadRequestException({ message: CARD_DETAILS_INVALID, errors });
    const year = String(card.expYear).trim();
    const method = await this.cards.tokenise({
      cardNumber: String(card.cardNumber),
      expMonth: Number(String(card.expMonth).trim()),
      expYear: year.length === 2 ? 2000 + Number(year) : Number(year),
    });
    return { id: method.id, card: { brand: method.brand, last4: method.last4, expMonth: method.expMonth, expYear: method.expYear } };
  }

  /** ?return_url=/payment/verify/stripe (the route's schema keeps it a site path: never an open redirect) */
  @Route(paymentRoutes.sandboxChallengePage)
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
  @Route(paymentRoutes.sandboxChallengeAnswer)
  @UseGuards(RateLimitGuard)
  async challengeAnswer(
    @RouteParams() { intentId }: ParamsOf<typeof paymentRoutes.sandboxChallengeAnswer>,
    @RouteQuery() { return_url: returnUrl }: QueryOf<typeof paymentRoutes.sandboxChallengeAnswer>,
    @RouteBody() { decision }: BodyOf<typeof paymentRoutes.sandboxChallengeAnswer>,
    @Res() res: Response,
  ): Promise<void> {
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
  @Route(paymentRoutes.sandboxPayPalPage)
  async approvePage(@RouteParams() { orderId }: ParamsOf<typeof paymentRoutes.sandboxPayPalPage>, @Res() res: Response): Promise<void> {
    const order = await this.paypal.pendingApproval(orderId);
    if (!order) throw new NotFoundException(NOT_PENDING);
    sendPage(
      res,
      sandboxFormPage({
        title: 'Sandbox PayPal',
        heading: 'Sandbox PayPal',
        intro: 'Approve this payment with the sandbox PayPal account, or cancel to return to the checkout.',
        amountCents: order.amount,
        action: apiUrl(paymentRoutes.sandboxPayPalAnswer, { params: { orderId: order.id } }),
        buttons: [
          { name: 'decision', value: 'approve', label: 'Approve' },
          { name: 'decision', value: 'cancel', label: 'Cancel' },
        ],
      }),
    );
  }

  @Route(paymentRoutes.sandboxPayPalAnswer)
  @UseGuards(RateLimitGuard)
  async approveAnswer(
    @RouteParams() { orderId }: ParamsOf<typeof paymentRoutes.sandboxPayPalAnswer>,
    @RouteBody() { decision }: BodyOf<typeof paymentRoutes.sandboxPayPalAnswer>,
    @Res() res: Response,
  ): Promise<void> {
    const order = await this.paypal.settleApproval(orderId, decision === 'approve');
    if (!order) throw new ConflictException(NOT_PENDING);
    const target =
      order.status === 'APPROVED'
        ? `/payment/online-payment/verify?${new URLSearchParams({ token: order.id, PayerID: 'SANDBOXPAYER' }).toString()}`
        : '/checkout';
    res.redirect(HttpStatus.SEE_OTHER, target);
  }
}
