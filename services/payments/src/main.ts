import { startService } from '@bb/service-kit';
import { paymentsEnvShape } from './config';
import { wire } from './wire';

void startService('payments', paymentsEnvShape, wire);
