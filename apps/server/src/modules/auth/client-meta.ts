/** Where a request came from, for audit events and sign-in records (its own file: the services share it). */
export interface ClientMeta {
  ipAddress: string;
  userAgent: string;
}
