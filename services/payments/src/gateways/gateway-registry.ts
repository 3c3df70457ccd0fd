import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { EnvConfigError, UpstreamBreaker, paymentsSandboxAllowed } from '@storefront/service-kit';
import { GATEWAY_NAMES, REAL_ADAPTERS, isGatewayName } from './adapters.js';
import { guardedByBreaker } from './guarded-gateway.js';
import type { Env, GatewayName, PaymentGateway, PublicGatewayConfig } from './payment-gateway.js';
import { isProviderFailure } from './provider-failures.js';
import { SandboxCardGateway } from './sandbox/sandbox-card-gateway.js';
import { SandboxPayPalGateway } from './sandbox/sandbox-paypal-gateway.js';

/**
 * Which gateways run on the sandbox: those without keys. Half a provider's keys refuses to start
 * the service, because quietly taking "payments" on the sandbox while the operator believes the
 * real gateway is live would ship orders nobody paid for.
 */
export function sandboxGateways(env: Env = process.env): GatewayName[] {
  const problems: string[] = [];
  const sandbox: GatewayName[] = [];
  for (const gateway of GATEWAY_NAMES) {
    const set = REAL_ADAPTERS[gateway].keys.filter((key) => env[key]?.trim());
    const unset = REAL_ADAPTERS[gateway].keys.filter((key) => !env[key]?.trim());
    if (set.length === 0) {
      sandbox.push(gateway);
    } else if (unset.length > 0) {
      // half a configuration is neither the sandbox nor the provider: say what is missing
      problems.push(`${set.join(' and ')} ${set.length > 1 ? 'are' : 'is'} set, but ${unset.join(' and ')} ${unset.length > 1 ? 'are' : 'is'} not; set all of ${REAL_ADAPTERS[gateway].keys.join(', ')} for ${gateway}, or none for the sandbox`);
    }
  }
  if (problems.length > 0) throw new EnvConfigError(`Invalid configuration: ${problems.join('; ')}`);
  return sandbox;
}

/**
 * Resolves the adapter for a gateway name; built once at start-up from the env. Each real provider
 * runs behind its own breaker (guarded-gateway.ts; `storefront_upstream_circuit_state{upstream="stripe"}` on
 * /metrics); the sandbox calls no provider and has none. In production without
 * PAYMENTS_SANDBOX=allow no sandbox adapter is registered: a gateway without keys then has no
 * adapter at all, and every payment route refuses it (400 'Payment method not available').
 */
@Injectable()
export class GatewayRegistry implements OnModuleDestroy {
  private readonly logger = new Logger('gateways');
  private readonly adapters = new Map<GatewayName, PaymentGateway>();
  private readonly publicConfigs = new Map<GatewayName, PublicGatewayConfig>();
  private readonly breakers = new Map<GatewayName, UpstreamBreaker>();

  /** whether sandbox adapters exist here: in development, and in production only with PAYMENTS_SANDBOX=allow */
  readonly sandboxAllowed = paymentsSandboxAllowed();

  constructor(card: SandboxCardGateway, paypal: SandboxPayPalGateway) {
    const onSandbox = sandboxGateways();
    for (const gateway of GATEWAY_NAMES) {
      const real = REAL_ADAPTERS[gateway];
      if (!onSandbox.includes(gateway)) {
        const adapter = real.create(process.env);
        const breaker = new UpstreamBreaker({ upstream: gateway, isUpstreamFailure: (error) => isProviderFailure(error, real), logger: this.logger });
        this.breakers.set(gateway, breaker);
        this.adapters.set(gateway, guardedByBreaker(adapter, breaker));
        this.publicConfigs.set(gateway, real.publicConfig(process.env));
      } else if (this.sandboxAllowed) {
        // the sandbox stands in with the same kind of page: PayPal's approval for a redirect method, hosted card fields otherwise
        this.adapters.set(gateway, real.method === 'online-payment' ? paypal : card.emulating(gateway));
      }
    }
    if (this.sandboxAllowed) this.logger.log(`Gateways on the local sandbox (no money moves): ${onSandbox.join(', ') || 'none'}`, { sandbox: onSandbox });
    else if (onSandbox.length > 0) this.logger.log(`Gateways without keys, not available (no sandbox in production): ${onSandbox.join(', ')}`, { unavailable: onSandbox });
  }

  onModuleDestroy(): void {
    for (const breaker of this.breakers.values()) breaker.shutdown();
  }

  /**
   * Whether a call to this gateway's provider made now would be refused unasked (its breaker is
   * open): the flow then answers "unavailable" before writing an attempt. Never for the sandbox.
   */
  refusing(name: GatewayName): boolean {
    return this.breakers.get(name)?.refusing ?? false;
  }

  /** The adapter for `name`, or undefined for a name that is not a gateway. */
  get(name: string): PaymentGateway | undefined {
    return isGatewayName(name) ? this.adapters.get(name) : undefined;
  }

  /** The public configuration (keys, script URLs) of a gateway on its real provider; undefined on the sandbox. */
  publicConfig(name: string): PublicGatewayConfig | undefined {
    return isGatewayName(name) ? this.publicConfigs.get(name) : undefined;
  }

  /** Whether payments for a settings-file gateway name ('sandbox' included) run on the sandbox. */
  isSandbox(name: string): boolean {
    if (name === 'sandbox') return this.sandboxAllowed;
    return this.get(name)?.sandbox === true;
  }
}
