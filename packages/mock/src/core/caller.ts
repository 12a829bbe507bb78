/** Who calls the sandbox: the tenant and subject of a valid sandbox token (the stateless mock never knows). */
export interface Caller {
  tenant: string;
  /** e.g. user:ada@acme.example */
  subject: string;
}
