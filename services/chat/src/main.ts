import { startService } from '@bb/service-kit';
import { chatEnvShape } from './config';
import { wire } from './wire';

void startService('chat', chatEnvShape, wire);
