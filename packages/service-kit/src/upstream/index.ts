export {
  CIRCUIT_BREAKER_READERS,
  CIRCUIT_OPEN_CODE,
  UpstreamBreaker,
  UpstreamCircuitOpenError,
  readCircuitBreakerSettings,
  upstreamBreakers,
  type BreakerState,
  type CircuitBreakerSettings,
  type UpstreamBreakerOptions,
} from './circuit-breaker.js';
export { UpstreamStatusError, answeredFailing, failingAnswerThrown, isFailingStatus, isUnreachable, isUpstreamFailure } from './upstream-failures.js';
