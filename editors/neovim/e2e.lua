-- The real-editor test: Neovim (headless) with its built-in LSP client
-- starts `gamelang lsp` on a .game file with a mistake, and writes what
-- the editor got to $GAMELANG_OUT, one fact a line: each diagnostic (line,
-- column, code), the hover on an `analyze` line, and the buffer after
-- formatting. Run by crates/gamelang-cli/tests/it/neovim.rs:
--   GAMELANG_BIN=... GAMELANG_FILE=... GAMELANG_OUT=... \
--     nvim --headless -u NONE -i NONE -c 'luafile editors/neovim/e2e.lua'
local bin = os.getenv('GAMELANG_BIN')
local file = os.getenv('GAMELANG_FILE')
local out = os.getenv('GAMELANG_OUT')
local lines = {}
local function say(text) table.insert(lines, (text:gsub('\n', ' | '))) end

local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  local id = vim.lsp.start_client({
    name = 'gamelang',
    cmd = { bin, 'lsp' },
    root_dir = vim.fn.fnamemodify(file, ':h'),
  })
  vim.lsp.buf_attach_client(buf, id)
  local got = vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
  say('diagnostics arrived: ' .. tostring(got))
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or ''
    say(string.format('diagnostic %d:%d %s', d.lnum + 1, d.col + 1, code))
  end
  -- Hover on the first `analyze` line.
  local analyze = nil
  for i, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    if analyze == nil and l:match('^analyze') then analyze = i - 1 end
  end
  local params = {
    textDocument = vim.lsp.util.make_text_document_params(buf),
    position = { line = analyze, character = 2 },
  }
  local responses = vim.lsp.buf_request_sync(buf, 'textDocument/hover', params, 20000) or {}
  for _, r in pairs(responses) do
    if r.result and r.result.contents then
      say('hover ' .. (r.result.contents.value or ''))
    elseif r.err then
      say('hover error ' .. vim.inspect(r.err))
    end
  end
  -- Format, as `:lua vim.lsp.buf.formatting_sync()` does.
  vim.lsp.buf.formatting_sync(nil, 20000)
  for _, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    say('formatted ' .. l)
  end
end)
if not ok then say('error ' .. tostring(err)) end
vim.fn.writefile(lines, out)
vim.cmd('qa!')
