/**
 * zod/mini loads no locale, so its own issue messages would all read "Invalid input". The places that show
 * them (an answer that breaks a schema, a firewall document's diagnostics, the emulator's 422 fallbacks)
 * import this module for its effect: zod's English messages, as the full build of zod sets them. The English
 * locale alone costs about 3 KB of the bundle; `z.locales.en` would pull in every locale.
 */
import * as z from 'zod/mini';
import { en } from 'zod/v4/locales';

z.config(en());
