import { describeClient } from './client-description.js';

describe('describeClient', () => {
  it('names the browser and the system, without versions', () => {
    expect(describeClient('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe('Chrome on Windows');
    expect(describeClient('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe('Safari on iPhone');
    expect(describeClient('Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0')).toBe('Firefox on Android');
    expect(describeClient('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toBe('Edge on macOS');
  });

  it('says little about what it does not know', () => {
    expect(describeClient(undefined)).toBe('');
    expect(describeClient('curl/8.5.0')).toBe('Other browser');
  });
});
