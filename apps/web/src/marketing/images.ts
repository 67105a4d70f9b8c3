import advisor from './images/advisor.svg';
import appScreen from './images/app-screen.svg';
import card from './images/card.svg';
import debit from './images/debit.svg';
import fastReply from './images/fast-reply.svg';
import language from './images/language.svg';
import serviceDefault from './images/service-default.svg';
import spaces from './images/spaces.svg';
import transfer from './images/transfer.svg';

/** The illustrations' URLs (hashed files, cached for a year), in one module so no page chunk is split per image. */
export const IMAGES = {
  advisor,
  appScreen,
  card,
  debit,
  fastReply,
  language,
  serviceDefault,
  spaces,
  transfer,
} as const;
