import type { JWTVerifyGetKey } from 'jose';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { terminal } from '../lib/terminal';
import { googleVerifier } from './google';
import { outboxMailer, smtpMailer } from './mail';
import { outbox } from './outbox';
import { httpSms, outboxSms } from './sms';

export type Adapters = Pick<AppContext, 'mailer' | 'sms' | 'google'>;

export type AdapterOptions = {
  /** Where the outbox reports each message it writes; the terminal by default. */
  log?: (line: string) => void;
  /** Google's key set, replaced in tests by a local one. */
  googleKeys?: JWTVerifyGetKey;
};

/** The real providers that are configured; the outbox (DATA_DIR/outbox.jsonl) stands in for mail and SMS otherwise. */
export function createAdapters(config: Pick<Config, 'dataDir' | 'smtpUrl' | 'mailFrom' | 'sms' | 'googleClientId'>, options: AdapterOptions = {}): Adapters {
  const box = outbox(config.dataDir, options.log ?? terminal.say);
  return {
    mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(box),
    sms: config.sms ? httpSms(config.sms) : outboxSms(box),
    google: googleVerifier(config.googleClientId, options.googleKeys),
  };
}
