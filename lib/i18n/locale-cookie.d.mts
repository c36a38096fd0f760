export declare const LOCALE_COOKIE: 'NEXT_LOCALE';
export declare const ADMIN_LOCALE_COOKIE: 'ADMIN_LOCALE';
export declare const localeCookieFor: (pathname: string) => 'NEXT_LOCALE' | 'ADMIN_LOCALE';
