// Why the service refused a request it could have answered: the reasons a hosted sandbox's operator counts
// (vendor_mock_refusals_total{reason}) and logs. Set by the step that refuses, on the request's context.
export const REFUSAL_REASONS = ['rate_limit', 'quota', 'body_too_large', 'max_depth', 'unauthenticated', 'invalid_request', 'slow_client'] as const;

export type RefusalReason = (typeof REFUSAL_REASONS)[number];
