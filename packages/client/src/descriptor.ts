/** What the client knows about one operation; the generated table (`generated/operations.ts`) holds one per operationId. */
export interface OperationDescriptor {
  /** Lower-case HTTP method. */
  readonly method: 'get' | 'put' | 'post' | 'delete' | 'patch' | 'head' | 'options' | 'trace';
  /** Path template as written in the spec. */
  readonly path: string;
  /** Address space: `controlPlane` goes to `baseUrl`, `gateway` to `gatewayBaseUrl`. */
  readonly space: 'controlPlane' | 'gateway';
  /** From `x-idempotent`: whether the client may retry the operation. */
  readonly idempotent: boolean;
  /** From `x-error-shape`: which of the three error schemas the operation's error bodies use. */
  readonly errorShape: 'ml' | 'control-plane' | 'gateway';
}
