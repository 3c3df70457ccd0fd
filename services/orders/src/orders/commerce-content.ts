import { Injectable } from '@nestjs/common';
import { isOfferedIn } from '@storefront/commerce-rules';
import type { CommerceSettings, PaymentMethod, PaymentScope, ProductStyle, ShippingSettings, TaxSettings } from '@storefront/contracts';
import { ContentStore, memoizeUntilFailure } from '@storefront/site-config';

/**
 * The catalog and the shipping/tax settings from content/ through site-config (read and checked
 * against their schemas once, kept in memory: content changes with a deploy, which restarts the
 * service). A broken settings file fails loudly (500, logged with the field) rather than charging a
 * wrong amount.
 */
@Injectable()
export class CommerceContent {
  constructor(private readonly content: ContentStore) {}

  catalog(): Promise<ProductStyle[]> {
    return this.content.loadProductStyles();
  }

  /** Read once; a broken file keeps failing loudly on every call rather than being remembered. */
  readonly settings: () => Promise<CommerceSettings> = memoizeUntilFailure(() => this.readSettings());

  private async readSettings(): Promise<CommerceSettings> {
    const [shipping, tax] = await Promise.all([
      this.content.readJson<ShippingSettings>('settings/shipping.json'),
      this.content.readJson<TaxSettings>('settings/tax.json'),
    ]);
    return { shipping, tax };
  }

  /** The enabled method of that name offered in `scope` (a method may be listed once per gateway; the first such wins). */
  async enabledPaymentMethod(name: string, scope: PaymentScope): Promise<PaymentMethod | undefined> {
    const methods = await this.content.loadPaymentMethods();
    return methods.find((method) => method.name === name && method.enabled && isOfferedIn(method, scope));
  }
}
