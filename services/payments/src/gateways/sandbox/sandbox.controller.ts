import {
  BadRequestException,
  Body,
  ConflictException,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  NotFoundException,
  Param,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { validateDirectCardEntry } from '@storefront/commerce-rules';
import type { SandboxCardRequest, SandboxCardResponse } from '@storefront/contracts';
import { RateLimitGuard } from '@storefront/service-kit';
import type { Response } from 'express';
import { SandboxCardGateway } from './sandbox-card-gateway.js';
import { SANDBOX_PAGE_CSP, isSafeReturnUrl, sandboxFormPage } from './sandbox-pages.js';
import { SandboxPayPalGateway } from './sandbox-paypal-gateway.js';

export const CARD_DETAILS_INVALID = 'Please check the card details.';
const RETURN_URL_INVALID = 'return_url must be a site path starting with /payment/';
const NOT_PENDING = 'This payment is not waiting for the shopper any more.';

function sendPage(res: Response, html: string): void {
  res.setHeader('Content-Security-Policy', SANDBOX_PAGE_CSP);
  res.setHeader('Cache-Control', 'no-store');
  res.type('html').send(html);
}

/** The sandbox gateway's browser-facing parts: card tokenising and the shopper's pages. */
@Controller('api/payment/sandbox')
export class SandboxController {
  constructor(
    private readonly cards: SandboxCardGateway,
    private readonly paypal: SandboxPayPalGateway,
  ) {}

  /** POST /api/payment/sandbox/payment-methods: the sandbox's Stripe.js createPaymentMethod. */
  @Post('payment-methods')
  @UseGuards(RateLimitGuard)
  @HttpCode(HttpStatus.CREATED)
  async tokenise(@Body() body: unknown): Promise<SandboxCardResponse> {
    const card = (body && typeof body === 'object' ? body : {}) as Partial<Record<keyof SandboxCardRequest, unknown>>;
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

  /** GET /api/payment/sandbox/challenge/:intentId?return_url=/payment/verify/stripe */
  @Get('challenge/:intentId')
  async challengePage(@Param('intentId') intentId: string, @Query('return_url') returnUrl: unknown, @Res() res: Response): Promise<void> {
    if (!isSafeReturnUrl(returnUrl)) throw new BadRequestException(RETURN_URL_INVALID);
    const intent = await this.cards.pendingChallenge(intentId);
    if (!intent) throw new NotFoundException(NOT_PENDING);
    sendPage(
      res,
      sandboxFormPage({
        title: 'Sandbox 3-D Secure',
        heading: 'Sandbox 3-D Secure',
        intro: 'Your bank asks you to confirm this card payment. This is the test gateway: choose what the bank answers.',
        amountCents: intent.amount,
        action: `/api/payment/sandbox/challenge/${encodeURIComponent(intent.id)}?return_url=${encodeURIComponent(returnUrl)}`,
        buttons: [
          { name: 'decision', value: 'complete', label: 'Complete authentication' },
          { name: 'decision', value: 'fail', label: 'Fail authentication' },
        ],
      }),
    );
  }

  /** The challenge form: settles the intent and sends the shopper back like the card gateway does. */
  @Post('challenge/:intentId')
  @UseGuards(RateLimitGuard)
  async challengeAnswer(
    @Param('intentId') intentId: string,
    @Query('return_url') returnUrl: unknown,
    @Body() body: unknown,
    @Res() res: Response,
  ): Promise<void> {
    if (!isSafeReturnUrl(returnUrl)) throw new BadRequestException(RETURN_URL_INVALID);
    const decision = (body as { decision?: unknown } | undefined)?.decision;
    if (decision !== 'complete' && decision !== 'fail') throw new BadRequestException('decision must be complete or fail');
    const intent = await this.cards.settleChallenge(intentId, decision === 'complete');
    if (!intent) throw new ConflictException(NOT_PENDING);
    const query = new URLSearchParams({
      payment_intent: intent.id,
      payment_intent_client_secret: intent.clientSecret,
      redirect_status: intent.status === 'succeeded' ? 'succeeded' : 'failed',
    });
    res.redirect(HttpStatus.SEE_OTHER, `${returnUrl}?${query.toString()}`);
  }

  /** GET /api/payment/sandbox/paypal/approve/:orderId: the sandbox's PayPal login and approval. */
  @Get('paypal/approve/:orderId')
  async approvePage(@Param('orderId') orderId: string, @Res() res: Response): Promise<void> {
    const order = await this.paypal.pendingApproval(orderId);
    if (!order) throw new NotFoundException(NOT_PENDING);
    sendPage(
      res,
      sandboxFormPage({
        title: 'Sandbox PayPal',
        heading: 'Sandbox PayPal',
        intro: 'Approve this payment with the sandbox PayPal account, or cancel to return to the checkout.',
        amountCents: order.amount,
        action: `/api/payment/sandbox/paypal/approve/${encodeURIComponent(order.id)}`,
        buttons: [
          { name: 'decision', value: 'approve', label: 'Approve' },
          { name: 'decision', value: 'cancel', label: 'Cancel' },
        ],
      }),
    );
  }

  @Post('paypal/approve/:orderId')
  @UseGuards(RateLimitGuard)
  async approveAnswer(@Param('orderId') orderId: string, @Body() body: unknown, @Res() res: Response): Promise<void> {
    const decision = (body as { decision?: unknown } | undefined)?.decision;
    if (decision !== 'approve' && decision !== 'cancel') throw new BadRequestException('decision must be approve or cancel');
    const order = await this.paypal.settleApproval(orderId, decision === 'approve');
    if (!order) throw new ConflictException(NOT_PENDING);
    const target =
      order.status === 'APPROVED'
        ? `/payment/online-payment/verify?${new URLSearchParams({ token: order.id, PayerID: 'SANDBOXPAYER' }).toString()}`
        : '/checkout';
    res.redirect(HttpStatus.SEE_OTHER, target);
  }
}
