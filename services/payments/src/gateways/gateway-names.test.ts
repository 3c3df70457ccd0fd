import { PAYMENT_GATEWAYS, type PaymentGateway } from '@storefront/contracts';
import { PAYMENT_PROVIDERS_BROWSER, type PaymentProviderName } from '@storefront/topology';
import { GATEWAY_NAMES, REAL_ADAPTERS } from './adapters.js';
import type { GatewayName } from './payment-gateway.js';

// The compiler holds the type lists to each other: each line fails to compile when one has a name the other lacks.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const contractsAgree: Same<Exclude<PaymentGateway, 'sandbox'>, GatewayName> = true;
const topologyAgrees: Same<PaymentProviderName, GatewayName> = true;

const sorted = (names: Iterable<string>) => [...names].sort();

describe('gateway names: one list, read from the registry (REAL_ADAPTERS)', () => {
  it('the settings file’s allowed gateways are the registry’s, plus the sandbox', () => {
    expect(contractsAgree).toBe(true);
    expect(sorted(PAYMENT_GATEWAYS)).toEqual(sorted([...GATEWAY_NAMES, 'sandbox']));
  });

  it('topology describes a browser script for exactly the registry’s providers', () => {
    expect(topologyAgrees).toBe(true);
    expect(sorted(Object.keys(PAYMENT_PROVIDERS_BROWSER))).toEqual(sorted(GATEWAY_NAMES));
  });

  it('each registry entry names itself by its key', () => {
    for (const name of GATEWAY_NAMES) expect(REAL_ADAPTERS[name].name).toBe(name);
  });
});
