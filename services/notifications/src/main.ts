import { startService } from '@bb/service-kit';
import { notificationsEnvShape } from './config';
import { wire } from './wire';

void startService('notifications', notificationsEnvShape, wire);
