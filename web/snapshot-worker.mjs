// Stores the start-up snapshot for the next visit off the page's main thread (web/snapshot.mjs).
import { storeSnapshot } from './snapshot.mjs';

storeSnapshot().finally(() => close());
