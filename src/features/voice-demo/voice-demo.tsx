import { Button } from '@/components/ui/button';
import { voice } from '@/content/voice';

export function VoiceDemo() {
  return <Button className="min-h-14 px-8 text-lg">{voice.idle}</Button>;
}
