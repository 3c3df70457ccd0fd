export declare const BUNDLE_INTEGRITY_FILE: string;
export interface RemoteReleaseEntry {
  version: string;
  browserEntry: string;
  serverBundle: string;
  serverIntegrity: string;
}
export interface RemotesRegistryDocument {
  remotes: Record<string, RemoteReleaseEntry>;
}
export declare function releaseOf(distDir: string): { serverIntegrity: string; version: string };
export declare function localRegistry(options: { repoRoot: string; serverOrigin: string; overrides?: Record<string, RemoteReleaseEntry> }): RemotesRegistryDocument;
export declare function writeRegistry(file: string, registry: RemotesRegistryDocument): void;
