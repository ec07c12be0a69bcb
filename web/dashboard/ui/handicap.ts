/** The dashboard's handicap formatters: the shared ones in web/common/handicap.ts (the portal uses them too). */
export * from '../../common/handicap.js';
