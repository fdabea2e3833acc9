import { startService } from '@bb/service-kit';
import { gatewayEnvShape } from './config';
import { wire } from './wire';

void startService('gateway', gatewayEnvShape, wire);
