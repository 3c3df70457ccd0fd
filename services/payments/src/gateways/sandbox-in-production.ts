import type { PaymentMethod } from '@storefront/contracts';
import { EnvConfigError, PAYMENTS_SANDBOX_ALLOW, PAYMENTS_SANDBOX_VARIABLE, productionSecret, type EnvReader, type ProductionSafetyOptions } from '@storefront/service-kit';
import { GATEWAY_NAMES, REAL_ADAPTERS, isGatewayName } from './adapters.js';
import { ContentStore, contentDir } from '@storefront/site-config';
import { sandboxGateways } from './gateway-registry.js';
import type { GatewayName } from './payment-gateway.js';
import { SANDBOX_WEBHOOK_SECRET_DEFAULT } from './sandbox/sandbox-webhooks.js';

type Env = Record<string, string | undefined>;

export { PAYMENTS_SANDBOX_ALLOW, PAYMENTS_SANDBOX_VARIABLE };

/**
 * SANDBOX_WEBHOOK_SECRET in production. With PAYMENTS_SANDBOX=allow the sandbox's webhooks settle
 * payments, so their secret is the operator's own: every production secret's rule (productionSecret:
 * set, long and varied, the same messages), and not the development default this repository
 * publishes. Without the sandbox it is not read.
 */
export function productionSandboxWebhookSecret(sandboxAllowed: boolean): EnvReader<string | undefined> {
  const variable = 'SANDBOX_WEBHOOK_SECRET';
  const secret = productionSecret(
    variable,
    `${PAYMENTS_SANDBOX_VARIABLE}=${PAYMENTS_SANDBOX_ALLOW} runs the sandbox gateway in production, and whoever holds this secret can settle its payments by webhook`,
  );
  return {
    variable,
    read(raw) {
      if (!sandboxAllowed) return { value: undefined };
      if (raw?.trim() === SANDBOX_WEBHOOK_SECRET_DEFAULT) {
        return { problem: `${variable} is the published development default, which anyone can read: production needs a secret of its own (e.g. openssl rand -hex 32)` };
      }
      return secret.read(raw);
    },
  };
}

/**
 * The enabled payment methods whose payments would run on the sandbox, as GatewayRegistry.isSandbox
 * decides: the settings file's `sandbox` gateway, or a gateway among `onSandbox` (sandboxGateways: no keys).
 */
export function methodsOnSandbox(methods: readonly PaymentMethod[], onSandbox: readonly string[]): PaymentMethod[] {
  const sandboxed = new Set(['sandbox', ...onSandbox]);
  return methods.filter((method) => method.enabled === true && sandboxed.has(method.gateway));
}

/** Why a gateway takes no money, in words: the keys it lacks, or keys for the provider's test environment. */
function missingKeys(gateway: string, testEnvironments: readonly string[]): string {
  if (!isGatewayName(gateway)) return 'the settings file names the sandbox gateway';
  if (testEnvironments.includes(gateway)) return `its keys are for ${gateway}'s test environment`;
  const keys = REAL_ADAPTERS[gateway].keys;
  return `${keys.join(' and ')} ${keys.length > 1 ? 'are' : 'is'} unset`;
}

/**
 * PAYMENTS_SANDBOX in production: `allow`, or no enabled method may run on the sandbox, where no money
 * moves (orders would be marked paid and shipped for test cards).
 */
export function paymentsSandbox(sandboxed: readonly PaymentMethod[], testEnvironments: readonly string[] = []): EnvReader<boolean> {
  const variable = PAYMENTS_SANDBOX_VARIABLE;
  return {
    variable,
    read(raw) {
      const value = raw?.trim();
      if (value === PAYMENTS_SANDBOX_ALLOW) return { value: true };
      if (value) return { problem: `${variable} must be "${PAYMENTS_SANDBOX_ALLOW}" or unset (got "${raw}")` };
      if (sandboxed.length === 0) return { value: false };
      const byGateway = new Map<string, string[]>();
      for (const method of sandboxed) {
        const names = byGateway.get(method.gateway) ?? [];
        if (!names.includes(method.name)) names.push(method.name);
        byGateway.set(method.gateway, names);
      }
      const which = [...byGateway].map(([gateway, names]) => `${names.join(' and ')} (${gateway}: ${missingKeys(gateway, testEnvironments)})`).join(', ');
      return {
        problem:
          `${variable} is not "${PAYMENTS_SANDBOX_ALLOW}", but enabled payment methods would take payments on the sandbox gateway, where no money moves: ${which}; ` +
          `give their gateways keys or disable them in content/settings/payment-methods.json, or set ${variable}=${PAYMENTS_SANDBOX_ALLOW} to take them on the sandbox on purpose (a demo)`,
      };
    },
  };
}

/**
 * The payments service's production rule (service-kit's productionSafety runs it before anything
 * connects): the enabled methods from content/settings/payment-methods.json against the gateways
 * the registry runs on the sandbox, and with the sandbox allowed, its webhook secret. Keys set for a gateway without a real adapter are refused here
 * too, with the registry's own words.
 */
export const PAYMENTS_PRODUCTION: ProductionSafetyOptions = {
  rules: async (env: Env) => {
    const methods = await new ContentStore(contentDir(env)).loadPaymentMethods();
    const onSandbox = sandboxGateways(env);
    const onProvider = GATEWAY_NAMES.filter((gateway) => !onSandbox.includes(gateway));
    // a provider's test keys take no money either: the same rule as the sandbox
    const testEnvironments: GatewayName[] = onProvider.filter((gateway) => REAL_ADAPTERS[gateway].isTestEnvironment(env));
    const problems = onProvider.flatMap((gateway) => REAL_ADAPTERS[gateway].productionProblems(env) ?? []);
    if (problems.length > 0) throw new EnvConfigError(`Invalid configuration: ${problems.join('; ')}`, problems.map((problem) => ({ problem })));
    return {
      paymentsSandbox: paymentsSandbox(methodsOnSandbox(methods, [...onSandbox, ...testEnvironments]), testEnvironments),
      sandboxWebhookSecret: productionSandboxWebhookSecret(env[PAYMENTS_SANDBOX_VARIABLE]?.trim() === PAYMENTS_SANDBOX_ALLOW),
    };
  },
};
