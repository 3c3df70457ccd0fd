import { Injectable } from '@nestjs/common';
import { parseShippingSettings, parseTaxSettings } from '@storefront/commerce-rules';
import type { CommerceSettings, PaymentMethod, ProductStyle } from '@storefront/contracts';
import { ContentStore } from '@storefront/site-config';

/**
 * The catalog and the shipping/tax settings, read from content/ through site-config on every call
 * (the store caches by file modification time, so an editor's change applies without a restart).
 * A broken settings file fails loudly (500, logged with the field) rather than charging a wrong amount.
 */
@Injectable()
export class CommerceContent {
  constructor(private readonly content: ContentStore) {}

  catalog(): Promise<ProductStyle[]> {
    return this.content.loadProductStyles();
  }

  async settings(): Promise<CommerceSettings> {
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
