// Starts `gamelang lsp` for .game files: diagnostics, hover, inlay hints,
// completion, navigation, rename, outline, formatting and highlighting all
// come from the server.
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration('gamelang').get('path') || 'gamelang';
  const server = { command, args: ['lsp'] };
  client = new LanguageClient(
    'gamelang',
    'gamelang',
    { run: server, debug: server },
    { documentSelector: [{ language: 'gamelang' }] },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
