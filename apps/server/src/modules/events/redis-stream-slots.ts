import type { Redis } from 'ioredis';
import type { SlotStore } from './stream-limit.ts';

// Redis's own clock (TIME), shared by every instance: expired slots go, then the caps are checked
// and the slot added to both sets, atomically (a script runs alone).
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 'session_full' end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return 'customer_full' end
local ends = now + tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], ends, ARGV[1])
redis.call('ZADD', KEYS[2], ends, ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return 'taken'
`;

const RENEW = `
local t = redis.call('TIME')
local ends = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], 'XX', ends, ARGV[1])
redis.call('ZADD', KEYS[2], 'XX', ends, ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return 1
`;

/**
 * Live-stream slots in Redis (REDIS_URL): one sorted set per session and one per customer, each slot
 * scored by the end of its lease; the sets themselves expire with their last lease.
 */
export function redisSlotStore(redis: Redis, prefix: string): SlotStore {
  const keys = (slot: { sessionKey: string; customerId: string }) => [
    `${prefix}live-streams:session:${slot.sessionKey}`,
    `${prefix}live-streams:customer:${slot.customerId.toLowerCase()}`,
  ];
  return {
    take: async (slot, max) =>
      (await redis.eval(
        TAKE,
        2,
        ...keys(slot),
        slot.id,
        slot.leaseSeconds * 1000,
        max.perSession,
        max.perCustomer,
      )) as 'taken' | 'session_full' | 'customer_full',
    renew: async (slot) => {
      await redis.eval(RENEW, 2, ...keys(slot), slot.id, slot.leaseSeconds * 1000);
    },
    release: async (slot) => {
      const [session, customer] = keys(slot);
      await redis
        .multi()
        .zrem(session ?? '', slot.id)
        .zrem(customer ?? '', slot.id)
        .exec();
    },
  };
}
