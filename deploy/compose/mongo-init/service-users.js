/* global db, print */
// The mongo image runs this once, as its root user, when it starts on an empty data volume
// (docker-compose.yml mounts this folder at /docker-entrypoint-initdb.d): one user per
// service, readWrite on that service's own database and nothing else. The users live in the
// admin database (authSource=admin), as the Kubernetes operator's do. Run again as root on a
// running database, it sets each user's password and roles afresh (see docs/operations.md).
const services = ['auth', 'catalog', 'booking', 'chat', 'subscribers', 'notifications', 'payments', 'gateway'];
const admin = db.getSiblingDB('admin');
for (const service of services) {
  const variable = `MONGO_${service.toUpperCase()}_PASSWORD`;
  const pwd = process.env[variable];
  if (!pwd) throw new Error(`${variable} is not set: every service needs its own MongoDB password`);
  const user = `bb_${service}`;
  const roles = [{ role: 'readWrite', db: user }];
  if (admin.getUser(user)) admin.updateUser(user, { pwd, roles });
  else admin.createUser({ user, pwd, roles });
  print(`MongoDB user ${user}: readWrite on ${user} only`);
}
