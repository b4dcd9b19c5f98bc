/// <reference lib="webworker" />
import type { PrecacheEntry } from 'workbox-precaching';
import { cacheCatalogue } from './catalogue';
import { cacheFonts } from './fonts';
import { cacheImages } from './images';
import { precacheShell } from './shell';
import { handleUpdates } from './updates';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

handleUpdates();
// The build injects the app shell's files and their revisions here.
precacheShell(self.__WB_MANIFEST);
cacheCatalogue(self.location.origin);
cacheImages(self.location.origin);
cacheFonts(self.location.origin);
