import { z } from 'zod';

/** What the code needs to know of one channel; `CARD_CHANNEL_LIST` holds them all. */
interface CardChannelDefinition {
  /** The network's `channel`; the card row's `<id>_enabled` column says whether it is allowed. */
  id: string;
  /** Its key in the API's `channels` objects, camelCase as the API has always spelt them. */
  apiKey: string;
  /** Its switch's label on the card screen: a key of the web's French copy (apps/web/src/i18n/fr/). */
  label: string;
  /** A line under the switch, for a channel whose name alone may not say what it is. */
  description?: string;
  /**
   * `PUT /api/cards/{id}/limits` may leave it out, and the card keeps its setting: a channel added
   * after that route's first clients, which do not know it.
   */
  optionalOnUpdate?: true;
}

/**
 * How a payment reaches the card: online, in a shop, a withdrawal, or `recurring` — a payment the
 * merchant initiates itself on the card it stored under an earlier agreement (a subscription).
 *
 * The one list of channels, in the order the card screen shows them. Everything else is made from
 * it: the channel enum, the `channels` objects of the card view and of its update, the database's
 * reads and writes of the `<id>_enabled` columns and the screen's switches. A new channel is an
 * entry here (`optionalOnUpdate`, as the clients of the update do not know it yet), its column
 * (`alter table cards add column <id>_enabled boolean not null default true;`) and its French copy.
 */
export const CARD_CHANNEL_LIST = [
  { id: 'online', apiKey: 'online', label: 'cards.channels.online' },
  { id: 'in_store', apiKey: 'inStore', label: 'cards.channels.inStore' },
  { id: 'atm', apiKey: 'atm', label: 'cards.channels.atm' },
  {
    id: 'recurring',
    apiKey: 'recurring',
    label: 'cards.channels.recurring',
    description: 'cards.channels.recurringDescription',
    optionalOnUpdate: true,
  },
] as const satisfies readonly CardChannelDefinition[];

export type CardChannelEntry = (typeof CARD_CHANNEL_LIST)[number];

/** The channels' ids, in the list's order. */
type CardChannelId = CardChannelEntry['id'];
export const CARD_CHANNELS: readonly [CardChannelId, ...CardChannelId[]] = CARD_CHANNEL_LIST.map(
  (channel) => channel.id,
) as [CardChannelId, ...CardChannelId[]];
export const CardChannel = z.enum(CARD_CHANNELS);
export type CardChannel = z.infer<typeof CardChannel>;
export type CardChannelApiKey = CardChannelEntry['apiKey'];

/** Whether each channel is allowed, by its id: what the card row holds. */
export type CardChannelFlags = Record<CardChannel, boolean>;

type ViewShape = { [C in CardChannelEntry as C['apiKey']]: z.ZodBoolean };
type UpdateShape = {
  [C in CardChannelEntry as C['apiKey']]: C extends { optionalOnUpdate: true }
    ? z.ZodOptional<z.ZodBoolean>
    : z.ZodBoolean;
};

/** A card's `channels` as the API shows them: every channel, by its API key. */
export const CardChannelsView = z.object(
  Object.fromEntries(CARD_CHANNEL_LIST.map((c) => [c.apiKey, z.boolean()])) as ViewShape,
);
export type CardChannelsView = z.infer<typeof CardChannelsView>;

/** The `channels` of `PUT /api/cards/{id}/limits`: the channels marked `optionalOnUpdate` may be left out. */
export const CardChannelsUpdate = z.object(
  Object.fromEntries(
    CARD_CHANNEL_LIST.map((c) => [c.apiKey, 'optionalOnUpdate' in c ? z.boolean().optional() : z.boolean()]),
  ) as UpdateShape,
);
export type CardChannelsUpdate = z.infer<typeof CardChannelsUpdate>;

/** A card row's flags (by channel id) as the API shows them (by API key). */
export const channelsView = (flags: CardChannelFlags): CardChannelsView =>
  Object.fromEntries(CARD_CHANNEL_LIST.map((c) => [c.apiKey, flags[c.id]])) as CardChannelsView;

/** An update's channels (by API key) by channel id; a channel left out is left out (the card keeps it). */
export const channelFlagsOfUpdate = (update: CardChannelsUpdate): Partial<CardChannelFlags> =>
  Object.fromEntries(
    CARD_CHANNEL_LIST.flatMap((c) => {
      const allowed: boolean | undefined = update[c.apiKey];
      return allowed === undefined ? [] : [[c.id, allowed]];
    }),
  );
