// The mail server of the compose test (scripts/compose-test.sh): accepts every message over plain
// SMTP and logs one line per message ("smtp-sink: message from ... to ..."), keeping nothing.
import net from 'node:net';

const port = Number(process.env.PORT ?? 2525);
net
  .createServer((socket) => {
    let from = '';
    let to = [];
    let inData = false;
    let buffered = '';
    const reply = (line) => socket.write(`${line}\r\n`);
    reply('220 smtp-sink ready');
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      let end;
      while ((end = buffered.indexOf('\r\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (inData) {
          if (line !== '.') continue;
          inData = false;
          console.log(`smtp-sink: message from ${from} to ${to.join(', ')}`);
          reply('250 accepted');
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 smtp-sink');
        else if (verb === 'MAIL') {
          from = line.slice(10).trim();
          to = [];
          reply('250 ok');
        } else if (verb === 'RCPT') {
          to.push(line.slice(8).trim());
          reply('250 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with .');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else reply('502 not here');
      }
    });
    socket.on('error', () => {});
  })
  .listen(port, '0.0.0.0', () => console.log(`smtp-sink: listening on ${port}`));
process.on('SIGTERM', () => process.exit(0));
