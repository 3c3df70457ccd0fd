export declare function startStaticServer(routes: Record<string, string>): Promise<{ url: string; requests: string[]; close(): Promise<void> }>;
