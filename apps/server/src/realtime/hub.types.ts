import type { DatabaseHandle } from '../db/database.js';
import type { ChangeBus, ChangeEvent } from './change-bus.js';

export interface HubLimits {
  /** Time a new socket has to send its `auth` message. */
  authTimeoutMs: number;
  heartbeatMs: number;
  /** How long before the token expires the client is asked for a fresh one. */
  reauthLeadMs: number;
  maxMessageBytes: number;
  /** Messages a socket may send per window (a token bucket refilled over the window). */
  messagesPerWindow: number;
  windowMs: number;
  maxTeamsPerSocket: number;
  maxSocketsPerUser: number;
  maxSocketsPerOrganization: number;
  maxBufferedBytes: number;
  /** How often a process repeats its meetings' presence to the others. */
  presenceRepeatMs: number;
  /** How long another process's presence is believed without being repeated (it may have died). */
  presenceTtlMs: number;
}

export const DEFAULT_HUB_LIMITS: HubLimits = {
  authTimeoutMs: 5_000,
  heartbeatMs: 30_000,
  reauthLeadMs: 60_000,
  maxMessageBytes: 8 * 1024,
  messagesPerWindow: 60,
  windowMs: 10_000,
  maxTeamsPerSocket: 50,
  maxSocketsPerUser: 30,
  maxSocketsPerOrganization: 10_000,
  maxBufferedBytes: 1024 * 1024,
  presenceRepeatMs: 20_000,
  presenceTtlMs: 60_000,
};

export interface HubDeps {
  database: DatabaseHandle;
  /** Set with a real PostgreSQL: changes fan out to the other server processes through it. */
  databaseUrl: string | undefined;
  /** The socket's access token: its claims, or null for a forged, malformed or expired one. */
  verifyToken: (token: string) => Promise<RealtimeCaller | null>;
  /** Whether the caller still belongs to their organization (a membership or a consultant grant). */
  isActiveMember: (caller: RealtimeCaller) => Promise<boolean>;
  /** Whether the caller may follow this team: an active (not archived) team of their organization. */
  canSubscribe: (caller: RealtimeCaller, teamId: string) => Promise<boolean>;
  changes: ChangeBus;
  /** A change another process published (this process's own reach `changes`): for what this process remembers. */
  onRemoteChange?: (event: ChangeEvent) => void;
  limits?: Partial<HubLimits>;
}

/** Who a socket speaks for, as its access token says. */
export interface RealtimeCaller {
  organizationId: string;
  userId: string;
}
