import { startService } from '@bb/service-kit';
import { authEnvShape } from './config';
import { wire } from './wire';

void startService('auth', authEnvShape, wire);
