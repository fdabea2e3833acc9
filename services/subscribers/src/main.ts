import { startService } from '@bb/service-kit';
import { subscribersEnvShape } from './config';
import { wire } from './wire';

void startService('subscribers', subscribersEnvShape, wire);
