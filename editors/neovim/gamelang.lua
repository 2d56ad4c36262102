-- gamelang in Neovim: `.game` files get the `gamelang` filetype, and each
-- one opened starts (or joins) `gamelang lsp`. Put this file in your
-- config (for example ~/.config/nvim/plugin/gamelang.lua); `gamelang` must
-- be on PATH (`cargo install --path crates/gamelang-cli`).
-- Works with Neovim 0.7 and later (0.8+ could use vim.lsp.start instead).
vim.cmd([[autocmd BufRead,BufNewFile *.game setfiletype gamelang]])
vim.cmd([[autocmd FileType gamelang setlocal commentstring=//\ %s]])

local client_id = nil
vim.api.nvim_create_autocmd('FileType', {
  pattern = 'gamelang',
  callback = function(args)
    if client_id == nil or vim.lsp.get_client_by_id(client_id) == nil then
      client_id = vim.lsp.start_client({
        name = 'gamelang',
        cmd = { os.getenv('GAMELANG_BIN') or 'gamelang', 'lsp' },
        root_dir = vim.fn.getcwd(),
      })
    end
    vim.lsp.buf_attach_client(args.buf, client_id)
    local map = function(keys, fn) vim.keymap.set('n', keys, fn, { buffer = args.buf }) end
    map('K', vim.lsp.buf.hover)
    map('gd', vim.lsp.buf.definition)
    map('gr', vim.lsp.buf.references)
    map('<leader>rn', vim.lsp.buf.rename)
    map('<leader>f', function()
      if vim.lsp.buf.format then vim.lsp.buf.format() else vim.lsp.buf.formatting_sync() end
    end)
  end,
})
