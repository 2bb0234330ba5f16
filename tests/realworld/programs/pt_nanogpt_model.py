# Source: nanoGPT, model.py (LayerNorm, CausalSelfAttention, MLP, Block, GPTConfig, GPT:
#   __init__, get_num_params, _init_weights, forward)
#   https://github.com/karpathy/nanoGPT/blob/master/model.py
# Licence: MIT (karpathy/nanoGPT)
# Changes: the imports (`torch` -> `numpy as np` and `pts`, `torch.nn` -> `pts.nn`,
#   `torch.nn.functional` -> `pts.nn.functional`) and the spellings of README's torch -> pts
#   table: `x.size()` -> `x.shape`, `k.size(-1)` -> `k.shape[-1]`, `.view(...)` ->
#   `.reshape(...)`, `a.transpose(1, 2)` -> `pts.transpose(a, 1, 2)`, `.contiguous()`
#   dropped, `att.masked_fill(m, v)` -> `pts.masked_fill(att, m, v)`, `t.split(n, dim=2)`
#   -> `pts.split(t, n, dim=2)`, `torch.tril/ones/arange` -> `pts.*`, `dtype=torch.long`
#   -> `dtype=np.int64`, the `device` argument and `device = idx.device` dropped,
#   `p.numel()` -> `p.size`.  Left out: from_pretrained (downloads GPT-2),
#   configure_optimizers and estimate_mfu (torch.optim / CUDA), crop_block_size, and
#   generate (torch.topk and torch.multinomial sampling).  The run lines use a small
#   config in eval mode, float32 and (model.double()) float64, with the seed of
#   nanoGPT's train.py.
#   Flash attention is absent (pts.nn.functional has no scaled_dot_product_attention):
#   the model takes its own "slow attention" branch and prints its warning, as torch < 2.0.
import math
import inspect
from dataclasses import dataclass

import numpy as np
import pts
import pts.nn as nn
from pts.nn import functional as F

class LayerNorm(nn.Module):
    """ LayerNorm but with an optional bias. PyTorch doesn't support simply bias=False """

    def __init__(self, ndim, bias):
        super().__init__()
        self.weight = nn.Parameter(pts.ones(ndim))
        self.bias = nn.Parameter(pts.zeros(ndim)) if bias else None

    def forward(self, input):
        return F.layer_norm(input, self.weight.shape, self.weight, self.bias, 1e-5)

class CausalSelfAttention(nn.Module):

    def __init__(self, config):
        super().__init__()
        assert config.n_embd % config.n_head == 0
        # key, query, value projections for all heads, but in a batch
        self.c_attn = nn.Linear(config.n_embd, 3 * config.n_embd, bias=config.bias)
        # output projection
        self.c_proj = nn.Linear(config.n_embd, config.n_embd, bias=config.bias)
        # regularization
        self.attn_dropout = nn.Dropout(config.dropout)
        self.resid_dropout = nn.Dropout(config.dropout)
        self.n_head = config.n_head
        self.n_embd = config.n_embd
        self.dropout = config.dropout
        # flash attention make GPU go brrrrr but support is only in PyTorch >= 2.0
        self.flash = hasattr(pts.nn.functional, 'scaled_dot_product_attention')
        if not self.flash:
            print("WARNING: using slow attention. Flash Attention requires PyTorch >= 2.0")
            # causal mask to ensure that attention is only applied to the left in the input sequence
            self.register_buffer("bias", pts.tril(pts.ones(config.block_size, config.block_size))
                                        .reshape(1, 1, config.block_size, config.block_size))

    def forward(self, x):
        B, T, C = x.shape # batch size, sequence length, embedding dimensionality (n_embd)

        # calculate query, key, values for all heads in batch and move head forward to be the batch dim
        q, k, v  = pts.split(self.c_attn(x), self.n_embd, dim=2)
        k = pts.transpose(k.reshape(B, T, self.n_head, C // self.n_head), 1, 2) # (B, nh, T, hs)
        q = pts.transpose(q.reshape(B, T, self.n_head, C // self.n_head), 1, 2) # (B, nh, T, hs)
        v = pts.transpose(v.reshape(B, T, self.n_head, C // self.n_head), 1, 2) # (B, nh, T, hs)

        # causal self-attention; Self-attend: (B, nh, T, hs) x (B, nh, hs, T) -> (B, nh, T, T)
        if self.flash:
            # efficient attention using Flash Attention CUDA kernels
            y = pts.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=None, dropout_p=self.dropout if self.training else 0, is_causal=True)
        else:
            # manual implementation of attention
            att = (q @ pts.transpose(k, -2, -1)) * (1.0 / math.sqrt(k.shape[-1]))
            att = pts.masked_fill(att, self.bias[:,:,:T,:T] == 0, float('-inf'))
            att = F.softmax(att, dim=-1)
            att = self.attn_dropout(att)
            y = att @ v # (B, nh, T, T) x (B, nh, T, hs) -> (B, nh, T, hs)
        y = pts.transpose(y, 1, 2).reshape(B, T, C) # re-assemble all head outputs side by side

        # output projection
        y = self.resid_dropout(self.c_proj(y))
        return y

class MLP(nn.Module):

    def __init__(self, config):
        super().__init__()
        self.c_fc    = nn.Linear(config.n_embd, 4 * config.n_embd, bias=config.bias)
        self.gelu    = nn.GELU()
        self.c_proj  = nn.Linear(4 * config.n_embd, config.n_embd, bias=config.bias)
        self.dropout = nn.Dropout(config.dropout)

    def forward(self, x):
        x = self.c_fc(x)
        x = self.gelu(x)
        x = self.c_proj(x)
        x = self.dropout(x)
        return x

class Block(nn.Module):

    def __init__(self, config):
        super().__init__()
        self.ln_1 = LayerNorm(config.n_embd, bias=config.bias)
        self.attn = CausalSelfAttention(config)
        self.ln_2 = LayerNorm(config.n_embd, bias=config.bias)
        self.mlp = MLP(config)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        x = x + self.mlp(self.ln_2(x))
        return x

@dataclass
class GPTConfig:
    block_size: int = 1024
    vocab_size: int = 50304 # GPT-2 vocab_size of 50257, padded up to nearest multiple of 64 for efficiency
    n_layer: int = 12
    n_head: int = 12
    n_embd: int = 768
    dropout: float = 0.0
    bias: bool = True # True: bias in Linears and LayerNorms, like GPT-2. False: a bit better and faster

class GPT(nn.Module):

    def __init__(self, config):
        super().__init__()
        assert config.vocab_size is not None
        assert config.block_size is not None
        self.config = config

        self.transformer = nn.ModuleDict(dict(
            wte = nn.Embedding(config.vocab_size, config.n_embd),
            wpe = nn.Embedding(config.block_size, config.n_embd),
            drop = nn.Dropout(config.dropout),
            h = nn.ModuleList([Block(config) for _ in range(config.n_layer)]),
            ln_f = LayerNorm(config.n_embd, bias=config.bias),
        ))
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False)
        # with weight tying when using torch.compile() some warnings get generated:
        # "UserWarning: functional_call was passed multiple values for tied weights.
        # This behavior is deprecated and will be an error in future versions"
        # not 100% sure what this is, so far seems to be harmless. TODO investigate
        self.transformer.wte.weight = self.lm_head.weight # https://paperswithcode.com/method/weight-tying

        # init all weights
        self.apply(self._init_weights)
        # apply special scaled init to the residual projections, per GPT-2 paper
        for pn, p in self.named_parameters():
            if pn.endswith('c_proj.weight'):
                pts.nn.init.normal_(p, mean=0.0, std=0.02/math.sqrt(2 * config.n_layer))

        # report number of parameters
        print("number of parameters: %.2fM" % (self.get_num_params()/1e6,))

    def get_num_params(self, non_embedding=True):
        """
        Return the number of parameters in the model.
        For non-embedding count (default), the position embeddings get subtracted.
        The token embeddings would too, except due to the parameter sharing these
        params are actually used as weights in the final layer, so we include them.
        """
        n_params = sum(p.size for p in self.parameters())
        if non_embedding:
            n_params -= self.transformer.wpe.weight.size
        return n_params

    def _init_weights(self, module):
        if isinstance(module, nn.Linear):
            pts.nn.init.normal_(module.weight, mean=0.0, std=0.02)
            if module.bias is not None:
                pts.nn.init.zeros_(module.bias)
        elif isinstance(module, nn.Embedding):
            pts.nn.init.normal_(module.weight, mean=0.0, std=0.02)

    def forward(self, idx, targets=None):
        b, t = idx.shape
        assert t <= self.config.block_size, f"Cannot forward sequence of length {t}, block size is only {self.config.block_size}"
        pos = pts.arange(0, t, dtype=np.int64) # shape (t)

        # forward the GPT model itself
        tok_emb = self.transformer.wte(idx) # token embeddings of shape (b, t, n_embd)
        pos_emb = self.transformer.wpe(pos) # position embeddings of shape (t, n_embd)
        x = self.transformer.drop(tok_emb + pos_emb)
        for block in self.transformer.h:
            x = block(x)
        x = self.transformer.ln_f(x)

        if targets is not None:
            # if we are given some desired targets also calculate the loss
            logits = self.lm_head(x)
            loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=-1)
        else:
            # inference-time mini-optimization: only forward the lm_head on the very last position
            logits = self.lm_head(x[:, [-1], :]) # note: using list [-1] to preserve the time dim
            loss = None

        return logits, loss


pts.manual_seed(1337)
config = GPTConfig(block_size=8, vocab_size=16, n_layer=2, n_head=2, n_embd=8, dropout=0.0, bias=True)
model = GPT(config)
model.eval()
model64 = GPT(GPTConfig(block_size=8, vocab_size=16, n_layer=2, n_head=2, n_embd=8, bias=False)).double()
model64.eval()

# run: model(np.array([[1, 2, 3, 4, 5], [6, 7, 8, 9, 0]]), np.array([[2, 3, 4, 5, 6], [7, 8, 9, 0, -1]]))  # rtol=1e-4  # atol=1e-5
# run: model(np.arange(16).reshape(2, 8) % 16, np.arange(16).reshape(2, 8) % 5)  # rtol=1e-4  # atol=1e-5
# run: model64(np.array([[1, 2, 3, 4, 5], [6, 7, 8, 9, 0]]), np.array([[2, 3, 4, 5, 6], [7, 8, 9, 0, -1]]))  # rtol=1e-10  # atol=1e-12
# run: model(np.array([[1, 2, 3], [4, 5, 6]]))  # rtol=1e-4  # atol=1e-5
# run: model(np.arange(9).reshape(9, 1) % 16, np.zeros((9, 1), np.int64))  # rtol=1e-4  # atol=1e-5
