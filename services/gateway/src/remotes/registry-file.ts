import { type FSWatcher, readFileSync, watch } from 'node:fs';
import path from 'node:path';
import { type RemotesRegistry, parseRegistry } from './registry.js';

export interface RegistryLog {
  info(message: string, details: Record<string, unknown>): void;
  error(message: string, details: Record<string, unknown>): void;
}

export interface RegistryFileOptions {
  file: string;
  production: boolean;
  /** the file is read again at least this often, whatever the watch reports (bounds a missed event) */
  rereadMs: number;
  log: RegistryLog;
  onChange?: (registry: RemotesRegistry) => void;
}

/**
 * The registry file, read at start and again on every change: watched (its folder, since a
 * Kubernetes ConfigMap is updated by swapping a symlink, not by writing the file) and re-read every
 * `rereadMs`. A document that cannot be read or is malformed is refused whole and logged; the
 * previous one keeps serving.
 */
export class RegistryFile {
  private registry: RemotesRegistry;
  private text: string;
  private watcher: FSWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;

  /** Reads the file; a missing or malformed one at start is an error (there is nothing to keep serving). */
  constructor(private readonly options: RegistryFileOptions) {
    this.text = readFileSync(options.file, 'utf8');
    try {
      this.registry = parseRegistry(this.text, options.production);
    } catch (error) {
      throw new Error(`REMOTES_REGISTRY_FILE ${options.file} is refused: ${(error as Error).message}`, { cause: error });
    }
  }

  current(): RemotesRegistry {
    return this.registry;
  }

  start(): void {
    try {
      this.watcher = watch(path.dirname(this.options.file), () => this.reread());
      this.watcher.on('error', () => undefined);
    } catch {
      // no watch on this filesystem: the periodic read alone finds changes
    }
    this.timer = setInterval(() => this.reread(), this.options.rereadMs);
    this.timer.unref();
  }

  stop(): void {
    this.watcher?.close();
    if (this.timer) clearInterval(this.timer);
  }

  /** Reads the file again; applies it when it changed and is valid. Returns whether it was applied. */
  reread(): boolean {
    let text: string;
    try {
      text = readFileSync(this.options.file, 'utf8');
    } catch (error) {
      this.options.log.error('remotes registry unreadable; the previous one keeps serving', {
        event: 'remotes_registry_refused',
        file: this.options.file,
        reason: (error as NodeJS.ErrnoException).code ?? (error as Error).message,
      });
      return false;
    }
    if (text === this.text) return false;
    let registry: RemotesRegistry;
    try {
      registry = parseRegistry(text, this.options.production);
    } catch (error) {
      // remembered, so one bad document is logged once and not at every read
      this.text = text;
      this.options.log.error('remotes registry refused; the previous one keeps serving', {
        event: 'remotes_registry_refused',
        file: this.options.file,
        reason: (error as Error).message,
      });
      return false;
    }
    this.text = text;
    this.registry = registry;
    this.options.log.info('remotes registry changed', {
      event: 'remotes_registry_applied',
      versions: Object.fromEntries(Object.entries(registry.remotes).map(([folder, release]) => [folder, release?.version])),
    });
    this.options.onChange?.(registry);
    return true;
  }
}
