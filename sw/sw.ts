/// <reference lib="webworker" />
import type { PrecacheEntry } from 'workbox-precaching';
import { cacheBuildAssets } from './build-assets';
import { cacheCatalogue } from './catalogue';
import { cacheFonts } from './fonts';
import { cacheImages } from './images';
import { handleNotifications } from './notifications';
import { handleQueuedOrders } from './queued-orders';
import { keepPages, keptPagesCacheName } from './pages';
import { precacheShell } from './shell';
import { handleUpdates } from './updates';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

// The build injects the app shell's files and their revisions here (at the one place the name appears).
const precache = self.__WB_MANIFEST;
const keptPagesCache = keptPagesCacheName(precache);
handleUpdates([keptPagesCache]);
// Before the precache's route, which answers `/` with the shell.
keepPages(self.location.origin, keptPagesCache, precache);
precacheShell(precache);
// After the precache's route: the build's files it leaves out (the back office's).
cacheBuildAssets(self.location.origin);
cacheCatalogue(self.location.origin);
cacheImages(self.location.origin);
cacheFonts(self.location.origin);
handleNotifications();
handleQueuedOrders();
