import { Injectable } from '@nestjs/common';
import { parseShippingSettings, parseTaxSettings } from '@storefront/commerce-rules';
import type { CommerceSettings, PaymentMethod, ProductStyle } from '@storefront/contracts';
import { ContentStore, memoizeUntilFailure } from '@storefront/site-config';

/**
 * The catalog and the shipping/tax settings from content/ through site-config (read once, kept in
 * memory: content changes with a deploy, which restarts the service).
 * A broken settings file fails loudly (500, logged with the field) rather than charging a wrong amount.
 */
@Injectable()
export class CommerceContent {
  /** Parsed once, like the files under it: parsing was a tenth of a cart summary's time (measured). */

  constructor(private readonly content: ContentStore) {}

  catalog(): Promise<ProductStyle[]> {
    return this.content.loadProductStyles();
  }

  /** Parsed once; a broken file keeps failing loudly on every call rather than being remembered. */
  readonly settings: () => Promise<CommerceSettings> = memoizeUntilFailure(() => this.parseSettings());

  private async parseSettings(): Promise<CommerceSettings> {
    const [shipping, tax] = await Promise.all([
      this.content.readJson('settings/shipping.json'),
      this.content.readJson('settings/tax.json'),
    ]);
    return { shipping: parseShippingSettings(shipping), tax: parseTaxSettings(tax) };
  }

  /** An enabled payment method by name, or undefined. */
  async enabledPaymentMethod(name: string): Promise<PaymentMethod | undefined> {
    const methods = await this.content.loadPaymentMethods();
    return methods.find((method) => method.name === name && method.enabled);
  }
}
