import { describe, expect, it } from 'vitest';
import { videoEmbed } from './video-embed';

describe('videoEmbed', () => {
  it('plays YouTube videos from the no-cookie domain, whatever address content gives', () => {
    const expected = { provider: 'youtube', id: 'Ab3_d-F9hZk', src: 'https://www.youtube-nocookie.com/embed/Ab3_d-F9hZk' };
    for (const address of [
      'https://www.youtube.com/watch?v=Ab3_d-F9hZk',
      'https://youtube.com/watch?v=Ab3_d-F9hZk&t=42s',
      'https://m.youtube.com/watch?v=Ab3_d-F9hZk',
      'https://youtu.be/Ab3_d-F9hZk',
      'https://www.youtube.com/embed/Ab3_d-F9hZk',
      'https://www.youtube-nocookie.com/embed/Ab3_d-F9hZk',
      'https://www.youtube.com/shorts/Ab3_d-F9hZk',
      '  https://youtu.be/Ab3_d-F9hZk  ',
    ]) {
      expect(videoEmbed(address), address).toEqual(expected);
    }
  });

  it('plays Vimeo videos from the player domain without tracking', () => {
    const expected = { provider: 'vimeo', id: '76979871', src: 'https://player.vimeo.com/video/76979871?dnt=1' };
    expect(videoEmbed('https://vimeo.com/76979871')).toEqual(expected);
    expect(videoEmbed('https://player.vimeo.com/video/76979871?h=abc')).toEqual(expected);
  });

  it('embeds nothing else', () => {
    for (const address of [
      'http://www.youtube.com/watch?v=Ab3_d-F9hZk',
      'https://www.youtube.com.evil.example/watch?v=Ab3_d-F9hZk',
      'https://evil.example/embed/Ab3_d-F9hZk',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/watch?v=Ab3_d-F9hZk"onload=x',
      'https://www.youtube.com/embed/../../evil',
      'https://user:pw@www.youtube.com/watch?v=Ab3_d-F9hZk',
      'https://www.youtube.com:8443/watch?v=Ab3_d-F9hZk',
      'https://vimeo.com/channels/staffpicks',
      'javascript:alert(1)',
      'not a url',
      '',
    ]) {
      expect(videoEmbed(address), address).toBeNull();
    }
  });
});
